import { packageJson, readme, type StarterFile } from "./types.ts";

export const reactTs: StarterFile[] = [
  {
    path: "package.json",
    code: packageJson({
      name: "react-typescript-starter",
      private: true,
      version: "0.0.0",
      type: "module",
      scripts: { dev: "vite", build: "tsc && vite build", preview: "vite preview", typecheck: "tsc" },
      dependencies: { react: "^18.3.1", "react-dom": "^18.3.1" },
      devDependencies: {
        "@types/react": "^18.3.12",
        "@types/react-dom": "^18.3.1",
        "@vitejs/plugin-react": "^4.3.3",
        typescript: "^5.6.3",
        vite: "^5.4.10",
      },
    }),
  },
  {
    path: "tsconfig.json",
    code: `{
  "compilerOptions": {
    "target": "ES2020",
    "lib": ["ES2020", "DOM", "DOM.Iterable"],
    "module": "ESNext",
    "moduleResolution": "bundler",
    "jsx": "react-jsx",
    "strict": true,
    "noEmit": true,
    "isolatedModules": true,
    "skipLibCheck": true,
    "allowImportingTsExtensions": true
  },
  "include": ["src"]
}
`,
  },
  {
    path: "index.html",
    code: `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>React + TypeScript</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/main.tsx"></script>
  </body>
</html>
`,
  },
  {
    path: "vite.config.ts",
    code: `import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react()],
});
`,
  },
  { path: "src/vite-env.d.ts", code: `/// <reference types="vite/client" />\n` },
  {
    path: "src/main.tsx",
    code: `import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App.tsx";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element.");

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
`,
  },
  {
    path: "src/App.tsx",
    code: `import { useState } from "react";

type Todo = { id: number; text: string; done: boolean };

export function App() {
  const [todos, setTodos] = useState<Todo[]>([]);
  const [text, setText] = useState("");

  function add(event: React.FormEvent) {
    event.preventDefault();
    if (!text.trim()) return;
    setTodos((list) => [...list, { id: Date.now(), text: text.trim(), done: false }]);
    setText("");
  }

  return (
    <main className="app">
      <h1>Hello React + TypeScript</h1>
      <form onSubmit={add}>
        <input value={text} onChange={(e) => setText(e.target.value)} placeholder="Something to do" />
        <button type="submit">Add</button>
      </form>
      <ul>
        {todos.map((todo) => (
          <li key={todo.id}>
            <label>
              <input
                type="checkbox"
                checked={todo.done}
                onChange={() =>
                  setTodos((list) => list.map((t) => (t.id === todo.id ? { ...t, done: !t.done } : t)))
                }
              />
              {todo.text}
            </label>
          </li>
        ))}
      </ul>
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
}

ul {
  padding: 0;
  list-style: none;
}
`,
  },
  {
    path: "README.md",
    code: readme(
      "React + TypeScript",
      "A React app in TypeScript built with Vite; `npm run build` type-checks before it bundles.",
      [
        ["npm run dev", "starts the development server"],
        ["npm run typecheck", "checks the types"],
        ["npm run build", "type-checks and builds into dist/"],
      ],
    ),
  },
];
