import { readme, type StarterFile } from "./types.ts";

export const flask: StarterFile[] = [
  { path: "requirements.txt", code: "Flask==3.0.3\n" },
  {
    path: "app.py",
    code: `from datetime import datetime, timezone

from flask import Flask, jsonify, render_template

app = Flask(__name__)


@app.get("/")
def index():
    return render_template("index.html", title="Hello Flask")


@app.get("/api/time")
def time():
    return jsonify(now=datetime.now(timezone.utc).isoformat())


if __name__ == "__main__":
    app.run(host="0.0.0.0", port=5000, debug=True)
`,
  },
  {
    path: "templates/index.html",
    code: `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>{{ title }}</title>
    <link rel="stylesheet" href="{{ url_for('static', filename='style.css') }}" />
  </head>
  <body>
    <main>
      <h1>{{ title }}</h1>
      <p>Edit app.py and templates/index.html; the server reloads on save.</p>
      <p>The JSON endpoint is at <a href="/api/time">/api/time</a>.</p>
    </main>
  </body>
</html>
`,
  },
  {
    path: "static/style.css",
    code: `body {
  font-family: system-ui, sans-serif;
  max-width: 40rem;
  margin: 4rem auto;
  padding: 0 1rem;
}
`,
  },
  { path: ".gitignore", code: "__pycache__/\n.venv/\n" },
  {
    path: "README.md",
    code: readme("Python (Flask)", "A Flask web app: a page rendered from a template and a JSON endpoint.", [
      ["pip install -r requirements.txt", "installs Flask"],
      ["python app.py", "starts the server on port 5000 with reloading"],
    ]),
  },
];
