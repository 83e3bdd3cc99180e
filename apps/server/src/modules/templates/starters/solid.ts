import { packageJson, readme, type StarterFile } from "./types.ts";

export const solid: StarterFile[] = [
  {
    path: "package.json",
    code: packageJson({
      name: "solid-starter",
      private: true,
      version: "0.0.0",
      type: "module",
      scripts: { dev: "vite", build: "vite build", preview: "vite preview" },
      dependencies: { "solid-js": "^1.9.3" },
      devDependencies: { vite: "^5.4.10", "vite-plugin-solid": "^2.10.2" },
    }),
  },
  {
    path: "index.html",
    code: `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Solid</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/index.jsx"></script>
  </body>
</html>
`,
  },
  {
    path: "vite.config.js",
    code: `import { defineConfig } from "vite";
import solid from "vite-plugin-solid";

export default defineConfig({
  plugins: [solid()],
});
`,
  },
  {
    path: "src/index.jsx",
    code: `import { render } from "solid-js/web";
import App from "./App.jsx";
import "./index.css";

render(() => <App />, document.getElementById("root"));
`,
  },
  {
    path: "src/App.jsx",
    code: `import { createSignal } from "solid-js";

export default function App() {
  const [count, setCount] = createSignal(0);
  return (
    <main class="app">
      <h1>Hello Solid</h1>
      <p>Edit src/App.jsx and save to see your changes.</p>
      <button type="button" onClick={() => setCount(count() + 1)}>
        Clicked {count()} {count() === 1 ? "time" : "times"}
      </button>
    </main>
  );
}
`,
  },
  {
    path: "src/index.css",
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
    code: readme("Solid", "A SolidJS app with signals, built with Vite.", [
      ["npm run dev", "starts the development server"],
      ["npm run build", "builds the app into dist/"],
    ]),
  },
];
