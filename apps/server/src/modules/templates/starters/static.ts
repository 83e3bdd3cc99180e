import { packageJson, readme, type StarterFile } from "./types.ts";

export const staticHtml: StarterFile[] = [
  {
    path: "index.html",
    code: `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Static page</title>
    <link rel="stylesheet" href="styles.css" />
  </head>
  <body>
    <main>
      <h1>Hello, web</h1>
      <p>Edit index.html, styles.css and script.js: no build step.</p>
      <p>It is <time id="now"></time>.</p>
    </main>
    <script src="script.js"></script>
  </body>
</html>
`,
  },
  {
    path: "styles.css",
    code: `body {
  font-family: system-ui, sans-serif;
  max-width: 40rem;
  margin: 4rem auto;
  padding: 0 1rem;
  line-height: 1.5;
}

h1 {
  color: #e34f26;
}
`,
  },
  {
    path: "script.js",
    code: `const now = document.getElementById("now");

function tick() {
  const date = new Date();
  now.dateTime = date.toISOString();
  now.textContent = date.toLocaleTimeString();
}

tick();
setInterval(tick, 1000);
`,
  },
  {
    path: "package.json",
    code: packageJson({
      name: "static-page",
      private: true,
      version: "0.0.0",
      scripts: { start: "serve ." },
      devDependencies: { serve: "^14.2.4" },
    }),
  },
  {
    path: "README.md",
    code: readme("HTML + CSS", "A static page: HTML, CSS and a script, served as they are.", [
      ["npm start", "serves the folder on a local port"],
    ]),
  },
];
