import { packageJson, readme, type StarterFile } from "./types.ts";

export const preact: StarterFile[] = [
  {
    path: "package.json",
    code: packageJson({
      name: "preact-starter",
      private: true,
      version: "0.0.0",
      type: "module",
      scripts: { dev: "vite", build: "vite build", preview: "vite preview" },
      dependencies: { preact: "^10.24.3" },
      devDependencies: { "@preact/preset-vite": "^2.9.1", vite: "^5.4.10" },
    }),
  },
  {
    path: "index.html",
    code: `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Preact</title>
  </head>
  <body>
    <div id="app"></div>
    <script type="module" src="/src/main.jsx"></script>
  </body>
</html>
`,
  },
  {
    path: "vite.config.js",
    code: `import preact from "@preact/preset-vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [preact()],
});
`,
  },
  {
    path: "src/main.jsx",
    code: `import { render } from "preact";
import { App } from "./app.jsx";
import "./style.css";

render(<App />, document.getElementById("app"));
`,
  },
  {
    path: "src/app.jsx",
    code: `import { useState } from "preact/hooks";

export function App() {
  const [count, setCount] = useState(0);
  return (
    <main class="app">
      <h1>Hello Preact</h1>
      <p>Edit src/app.jsx and save to see your changes.</p>
      <button type="button" onClick={() => setCount(count + 1)}>
        Clicked {count} {count === 1 ? "time" : "times"}
      </button>
    </main>
  );
}
`,
  },
  {
    path: "src/style.css",
    code: `:root {
  font-family: system-ui, sans-serif;
  color-scheme: light dark;
}

.app {
  max-width: 40rem;
  margin: 4rem auto;
  text-align: center;
}
`,
  },
  {
    path: "README.md",
    code: readme("Preact", "A Preact app with hooks, built with Vite.", [
      ["npm run dev", "starts the development server"],
      ["npm run build", "builds the app into dist/"],
    ]),
  },
];
