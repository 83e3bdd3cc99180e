import { packageJson, readme, type StarterFile } from "./types.ts";

export const react: StarterFile[] = [
  {
    path: "package.json",
    code: packageJson({
      name: "react-starter",
      private: true,
      version: "0.0.0",
      type: "module",
      scripts: { dev: "vite", build: "vite build", preview: "vite preview" },
      dependencies: { react: "^18.3.1", "react-dom": "^18.3.1" },
      devDependencies: { "@vitejs/plugin-react": "^4.3.3", vite: "^5.4.10" },
    }),
  },
  {
    path: "index.html",
    code: `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>React</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/main.jsx"></script>
  </body>
</html>
`,
  },
  {
    path: "vite.config.js",
    code: `import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react()],
});
`,
  },
  {
    path: "src/main.jsx",
    code: `import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import App from "./App.jsx";
import "./styles.css";

createRoot(document.getElementById("root")).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
`,
  },
  {
    path: "src/App.jsx",
    code: `import { useState } from "react";

export default function App() {
  const [count, setCount] = useState(0);
  return (
    <main className="app">
      <h1>Hello React</h1>
      <p>Edit src/App.jsx and save to see your changes.</p>
      <button type="button" onClick={() => setCount((n) => n + 1)}>
        Clicked {count} {count === 1 ? "time" : "times"}
      </button>
    </main>
  );
}
`,
  },
  {
    path: "src/styles.css",
    code: `:root {
  font-family: system-ui, sans-serif;
  color-scheme: light dark;
}

.app {
  max-width: 40rem;
  margin: 4rem auto;
  text-align: center;
}

button {
  font: inherit;
  padding: 0.5rem 1rem;
  border-radius: 0.5rem;
  cursor: pointer;
}
`,
  },
  {
    path: "README.md",
    code: readme(
      "React",
      "A React app built with Vite: one component with state, its styles, hot reloading.",
      [
        ["npm run dev", "starts the development server"],
        ["npm run build", "builds the app into dist/"],
        ["npm run preview", "serves the built app"],
      ],
    ),
  },
];
