-- The official templates (packages/domain OFFICIAL_TEMPLATES, files from
-- apps/server/src/modules/templates/starters), owned by a system workspace and author nobody
-- can sign in as. Written by `npx tsx scripts/official-templates-sql.ts <file>`; every insert is idempotent.
INSERT INTO "users" ("id", "email", "username", "name", "bio") VALUES ('00000000-0000-4000-8000-00000000b0c5', 'templates@boxyard.invalid', 'boxyard', 'Boxyard', 'The official templates of this installation.') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "workspaces" ("id", "name", "description", "type", "minimum_privacy", "invite_token") VALUES ('00000000-0000-4000-8000-000000000b0c', 'Boxyard', 'Official templates', 'TEAM', 0, replace(gen_random_uuid()::text, '-', '')) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "collections" ("workspace_id", "path") VALUES ('00000000-0000-4000-8000-000000000b0c', '/') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandboxes" ("id", "alias", "title", "description", "workspace_id", "author_id", "collection_id", "privacy", "is_v2", "source_template") SELECT 'react', 'react', 'React', 'React with Vite: a component, its styles and hot reloading.', '00000000-0000-4000-8000-000000000b0c', (SELECT "id" FROM "users" WHERE "id" = '00000000-0000-4000-8000-00000000b0c5'), (SELECT "id" FROM "collections" WHERE "workspace_id" = '00000000-0000-4000-8000-000000000b0c' AND "path" = '/'), 0, false, 'react' ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_directories" ("sandbox_id", "shortid", "title", "directory_shortid") SELECT 'react', 'd1', 'src', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'react' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'react', 'm1', 'package.json', '{
  "name": "react-starter",
  "private": true,
  "version": "0.0.0",
  "type": "module",
  "scripts": {
    "dev": "vite",
    "build": "vite build",
    "preview": "vite preview"
  },
  "dependencies": {
    "react": "^18.3.1",
    "react-dom": "^18.3.1"
  },
  "devDependencies": {
    "@vitejs/plugin-react": "^4.3.3",
    "vite": "^5.4.10"
  }
}
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'react' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'react', 'm2', 'index.html', '<!doctype html>
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
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'react' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'react', 'm3', 'vite.config.js', 'import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react()],
});
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'react' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'react', 'm4', 'main.jsx', 'import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import App from "./App.jsx";
import "./styles.css";

createRoot(document.getElementById("root")).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
', 'd1' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'react' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'react', 'm5', 'App.jsx', 'import { useState } from "react";

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
', 'd1' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'react' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'react', 'm6', 'styles.css', ':root {
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
', 'd1' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'react' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'react', 'm7', 'README.md', '# React

A React app built with Vite: one component with state, its styles, hot reloading.

## Scripts

- `npm run dev`: starts the development server
- `npm run build`: builds the app into dist/
- `npm run preview`: serves the built app
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'react' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "templates" ("sandbox_id", "color", "icon_url", "published", "official", "tags") SELECT 'react', '#61dafb', 'react', true, true, ARRAY['react', 'javascript', 'frontend', 'vite']::text[] WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'react' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandboxes" ("id", "alias", "title", "description", "workspace_id", "author_id", "collection_id", "privacy", "is_v2", "source_template") SELECT 'react-ts', 'react-typescript', 'React (TypeScript)', 'React with TypeScript and Vite, type-checked with tsc.', '00000000-0000-4000-8000-000000000b0c', (SELECT "id" FROM "users" WHERE "id" = '00000000-0000-4000-8000-00000000b0c5'), (SELECT "id" FROM "collections" WHERE "workspace_id" = '00000000-0000-4000-8000-000000000b0c' AND "path" = '/'), 0, false, 'react-ts' ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_directories" ("sandbox_id", "shortid", "title", "directory_shortid") SELECT 'react-ts', 'd1', 'src', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'react-ts' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'react-ts', 'm1', 'package.json', '{
  "name": "react-typescript-starter",
  "private": true,
  "version": "0.0.0",
  "type": "module",
  "scripts": {
    "dev": "vite",
    "build": "tsc && vite build",
    "preview": "vite preview",
    "typecheck": "tsc"
  },
  "dependencies": {
    "react": "^18.3.1",
    "react-dom": "^18.3.1"
  },
  "devDependencies": {
    "@types/react": "^18.3.12",
    "@types/react-dom": "^18.3.1",
    "@vitejs/plugin-react": "^4.3.3",
    "typescript": "^5.6.3",
    "vite": "^5.4.10"
  }
}
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'react-ts' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'react-ts', 'm2', 'tsconfig.json', '{
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
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'react-ts' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'react-ts', 'm3', 'index.html', '<!doctype html>
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
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'react-ts' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'react-ts', 'm4', 'vite.config.ts', 'import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react()],
});
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'react-ts' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'react-ts', 'm5', 'vite-env.d.ts', '/// <reference types="vite/client" />
', 'd1' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'react-ts' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'react-ts', 'm6', 'main.tsx', 'import { StrictMode } from "react";
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
', 'd1' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'react-ts' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'react-ts', 'm7', 'App.tsx', 'import { useState } from "react";

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
', 'd1' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'react-ts' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'react-ts', 'm8', 'styles.css', ':root {
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
', 'd1' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'react-ts' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'react-ts', 'm9', 'README.md', '# React + TypeScript

A React app in TypeScript built with Vite; `npm run build` type-checks before it bundles.

## Scripts

- `npm run dev`: starts the development server
- `npm run typecheck`: checks the types
- `npm run build`: type-checks and builds into dist/
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'react-ts' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "templates" ("sandbox_id", "color", "icon_url", "published", "official", "tags") SELECT 'react-ts', '#3178c6', 'react-ts', true, true, ARRAY['react', 'typescript', 'frontend', 'vite']::text[] WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'react-ts' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandboxes" ("id", "alias", "title", "description", "workspace_id", "author_id", "collection_id", "privacy", "is_v2", "source_template") SELECT 'vue', 'vue', 'Vue', 'Vue 3 single-file components with Vite.', '00000000-0000-4000-8000-000000000b0c', (SELECT "id" FROM "users" WHERE "id" = '00000000-0000-4000-8000-00000000b0c5'), (SELECT "id" FROM "collections" WHERE "workspace_id" = '00000000-0000-4000-8000-000000000b0c' AND "path" = '/'), 0, false, 'vue' ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_directories" ("sandbox_id", "shortid", "title", "directory_shortid") SELECT 'vue', 'd1', 'src', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'vue' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_directories" ("sandbox_id", "shortid", "title", "directory_shortid") SELECT 'vue', 'd2', 'components', 'd1' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'vue' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'vue', 'm1', 'package.json', '{
  "name": "vue-starter",
  "private": true,
  "version": "0.0.0",
  "type": "module",
  "scripts": {
    "dev": "vite",
    "build": "vite build",
    "preview": "vite preview"
  },
  "dependencies": {
    "vue": "^3.5.12"
  },
  "devDependencies": {
    "@vitejs/plugin-vue": "^5.1.4",
    "vite": "^5.4.10"
  }
}
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'vue' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'vue', 'm2', 'index.html', '<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Vue</title>
  </head>
  <body>
    <div id="app"></div>
    <script type="module" src="/src/main.js"></script>
  </body>
</html>
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'vue' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'vue', 'm3', 'vite.config.js', 'import vue from "@vitejs/plugin-vue";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [vue()],
});
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'vue' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'vue', 'm4', 'main.js', 'import { createApp } from "vue";
import App from "./App.vue";
import "./style.css";

createApp(App).mount("#app");
', 'd1' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'vue' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'vue', 'm5', 'App.vue', '<script setup>
import Counter from "./components/Counter.vue";
</script>

<template>
  <main class="app">
    <h1>Hello Vue</h1>
    <p>Edit src/App.vue and save to see your changes.</p>
    <Counter :start="0" />
  </main>
</template>

<style scoped>
.app {
  max-width: 40rem;
  margin: 4rem auto;
  text-align: center;
}
</style>
', 'd1' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'vue' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'vue', 'm6', 'Counter.vue', '<script setup>
import { ref } from "vue";

const props = defineProps({ start: { type: Number, default: 0 } });
const count = ref(props.start);
</script>

<template>
  <button type="button" @click="count++">Clicked {{ count }} {{ count === 1 ? "time" : "times" }}</button>
</template>
', 'd2' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'vue' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'vue', 'm7', 'style.css', ':root {
  font-family: system-ui, sans-serif;
  color-scheme: light dark;
}
', 'd1' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'vue' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'vue', 'm8', 'README.md', '# Vue

A Vue 3 app with single-file components, built with Vite.

## Scripts

- `npm run dev`: starts the development server
- `npm run build`: builds the app into dist/
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'vue' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "templates" ("sandbox_id", "color", "icon_url", "published", "official", "tags") SELECT 'vue', '#41b883', 'vue', true, true, ARRAY['vue', 'javascript', 'frontend', 'vite']::text[] WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'vue' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandboxes" ("id", "alias", "title", "description", "workspace_id", "author_id", "collection_id", "privacy", "is_v2", "source_template") SELECT 'preact', 'preact', 'Preact', 'Preact, the 3kB alternative to React, with hooks and Vite.', '00000000-0000-4000-8000-000000000b0c', (SELECT "id" FROM "users" WHERE "id" = '00000000-0000-4000-8000-00000000b0c5'), (SELECT "id" FROM "collections" WHERE "workspace_id" = '00000000-0000-4000-8000-000000000b0c' AND "path" = '/'), 0, false, 'preact' ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_directories" ("sandbox_id", "shortid", "title", "directory_shortid") SELECT 'preact', 'd1', 'src', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'preact' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'preact', 'm1', 'package.json', '{
  "name": "preact-starter",
  "private": true,
  "version": "0.0.0",
  "type": "module",
  "scripts": {
    "dev": "vite",
    "build": "vite build",
    "preview": "vite preview"
  },
  "dependencies": {
    "preact": "^10.24.3"
  },
  "devDependencies": {
    "@preact/preset-vite": "^2.9.1",
    "vite": "^5.4.10"
  }
}
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'preact' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'preact', 'm2', 'index.html', '<!doctype html>
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
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'preact' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'preact', 'm3', 'vite.config.js', 'import preact from "@preact/preset-vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [preact()],
});
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'preact' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'preact', 'm4', 'main.jsx', 'import { render } from "preact";
import { App } from "./app.jsx";
import "./style.css";

render(<App />, document.getElementById("app"));
', 'd1' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'preact' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'preact', 'm5', 'app.jsx', 'import { useState } from "preact/hooks";

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
', 'd1' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'preact' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'preact', 'm6', 'style.css', ':root {
  font-family: system-ui, sans-serif;
  color-scheme: light dark;
}

.app {
  max-width: 40rem;
  margin: 4rem auto;
  text-align: center;
}
', 'd1' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'preact' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'preact', 'm7', 'README.md', '# Preact

A Preact app with hooks, built with Vite.

## Scripts

- `npm run dev`: starts the development server
- `npm run build`: builds the app into dist/
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'preact' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "templates" ("sandbox_id", "color", "icon_url", "published", "official", "tags") SELECT 'preact', '#673ab8', 'preact', true, true, ARRAY['preact', 'javascript', 'frontend', 'vite']::text[] WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'preact' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandboxes" ("id", "alias", "title", "description", "workspace_id", "author_id", "collection_id", "privacy", "is_v2", "source_template") SELECT 'svelte', 'svelte', 'Svelte', 'Svelte 5 with runes, compiled by Vite.', '00000000-0000-4000-8000-000000000b0c', (SELECT "id" FROM "users" WHERE "id" = '00000000-0000-4000-8000-00000000b0c5'), (SELECT "id" FROM "collections" WHERE "workspace_id" = '00000000-0000-4000-8000-000000000b0c' AND "path" = '/'), 0, false, 'svelte' ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_directories" ("sandbox_id", "shortid", "title", "directory_shortid") SELECT 'svelte', 'd1', 'src', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'svelte' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'svelte', 'm1', 'package.json', '{
  "name": "svelte-starter",
  "private": true,
  "version": "0.0.0",
  "type": "module",
  "scripts": {
    "dev": "vite",
    "build": "vite build",
    "preview": "vite preview"
  },
  "devDependencies": {
    "@sveltejs/vite-plugin-svelte": "^4.0.0",
    "svelte": "^5.1.9",
    "vite": "^5.4.10"
  }
}
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'svelte' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'svelte', 'm2', 'index.html', '<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Svelte</title>
  </head>
  <body>
    <div id="app"></div>
    <script type="module" src="/src/main.js"></script>
  </body>
</html>
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'svelte' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'svelte', 'm3', 'vite.config.js', 'import { svelte } from "@sveltejs/vite-plugin-svelte";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [svelte()],
});
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'svelte' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'svelte', 'm4', 'svelte.config.js', 'import { vitePreprocess } from "@sveltejs/vite-plugin-svelte";

export default {
  preprocess: vitePreprocess(),
};
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'svelte' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'svelte', 'm5', 'main.js', 'import { mount } from "svelte";
import App from "./App.svelte";
import "./app.css";

const app = mount(App, { target: document.getElementById("app") });

export default app;
', 'd1' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'svelte' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'svelte', 'm6', 'App.svelte', '<script>
  let count = $state(0);
  let doubled = $derived(count * 2);
</script>

<main>
  <h1>Hello Svelte</h1>
  <p>Edit src/App.svelte and save to see your changes.</p>
  <button type="button" onclick={() => count++}>Clicked {count} {count === 1 ? "time" : "times"}</button>
  <p>{count} doubled is {doubled}.</p>
</main>

<style>
  main {
    max-width: 40rem;
    margin: 4rem auto;
    text-align: center;
  }
</style>
', 'd1' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'svelte' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'svelte', 'm7', 'app.css', ':root {
  font-family: system-ui, sans-serif;
  color-scheme: light dark;
}
', 'd1' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'svelte' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'svelte', 'm8', 'README.md', '# Svelte

A Svelte 5 app using runes ($state, $derived), compiled by Vite.

## Scripts

- `npm run dev`: starts the development server
- `npm run build`: builds the app into dist/
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'svelte' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "templates" ("sandbox_id", "color", "icon_url", "published", "official", "tags") SELECT 'svelte', '#ff3e00', 'svelte', true, true, ARRAY['svelte', 'javascript', 'frontend', 'vite']::text[] WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'svelte' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandboxes" ("id", "alias", "title", "description", "workspace_id", "author_id", "collection_id", "privacy", "is_v2", "source_template") SELECT 'angular', 'angular', 'Angular', 'An Angular standalone component application with the Angular CLI.', '00000000-0000-4000-8000-000000000b0c', (SELECT "id" FROM "users" WHERE "id" = '00000000-0000-4000-8000-00000000b0c5'), (SELECT "id" FROM "collections" WHERE "workspace_id" = '00000000-0000-4000-8000-000000000b0c' AND "path" = '/'), 0, false, 'angular' ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_directories" ("sandbox_id", "shortid", "title", "directory_shortid") SELECT 'angular', 'd1', 'src', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'angular' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_directories" ("sandbox_id", "shortid", "title", "directory_shortid") SELECT 'angular', 'd2', 'app', 'd1' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'angular' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'angular', 'm1', 'package.json', '{
  "name": "angular-starter",
  "private": true,
  "version": "0.0.0",
  "scripts": {
    "ng": "ng",
    "start": "ng serve",
    "build": "ng build",
    "watch": "ng build --watch"
  },
  "dependencies": {
    "@angular/common": "^18.2.9",
    "@angular/compiler": "^18.2.9",
    "@angular/core": "^18.2.9",
    "@angular/forms": "^18.2.9",
    "@angular/platform-browser": "^18.2.9",
    "rxjs": "~7.8.1",
    "tslib": "^2.8.0",
    "zone.js": "~0.14.10"
  },
  "devDependencies": {
    "@angular/build": "^18.2.10",
    "@angular/cli": "^18.2.10",
    "@angular/compiler-cli": "^18.2.9",
    "typescript": "~5.5.4"
  }
}
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'angular' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'angular', 'm2', 'angular.json', '{
  "$schema": "./node_modules/@angular/cli/lib/config/schema.json",
  "version": 1,
  "newProjectRoot": "projects",
  "projects": {
    "angular-starter": {
      "projectType": "application",
      "root": "",
      "sourceRoot": "src",
      "prefix": "app",
      "architect": {
        "build": {
          "builder": "@angular/build:application",
          "options": {
            "outputPath": "dist/angular-starter",
            "index": "src/index.html",
            "browser": "src/main.ts",
            "polyfills": ["zone.js"],
            "tsConfig": "tsconfig.app.json",
            "styles": ["src/styles.css"]
          },
          "configurations": {
            "production": { "outputHashing": "all" },
            "development": { "optimization": false, "extractLicenses": false, "sourceMap": true }
          },
          "defaultConfiguration": "production"
        },
        "serve": {
          "builder": "@angular/build:dev-server",
          "configurations": {
            "production": { "buildTarget": "angular-starter:build:production" },
            "development": { "buildTarget": "angular-starter:build:development" }
          },
          "defaultConfiguration": "development"
        }
      }
    }
  }
}
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'angular' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'angular', 'm3', 'tsconfig.json', '{
  "compileOnSave": false,
  "compilerOptions": {
    "outDir": "./dist/out-tsc",
    "strict": true,
    "noImplicitOverride": true,
    "noImplicitReturns": true,
    "skipLibCheck": true,
    "esModuleInterop": true,
    "experimentalDecorators": true,
    "moduleResolution": "bundler",
    "importHelpers": true,
    "target": "ES2022",
    "module": "ES2022",
    "lib": ["ES2022", "dom"]
  },
  "angularCompilerOptions": {
    "strictInjectionParameters": true,
    "strictInputAccessModifiers": true,
    "strictTemplates": true
  }
}
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'angular' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'angular', 'm4', 'tsconfig.app.json', '{
  "extends": "./tsconfig.json",
  "compilerOptions": {
    "outDir": "./out-tsc/app",
    "types": []
  },
  "files": ["src/main.ts"],
  "include": ["src/**/*.d.ts"]
}
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'angular' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'angular', 'm5', 'index.html', '<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Angular</title>
    <base href="/" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
  </head>
  <body>
    <app-root></app-root>
  </body>
</html>
', 'd1' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'angular' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'angular', 'm6', 'main.ts', 'import { bootstrapApplication } from "@angular/platform-browser";
import { AppComponent } from "./app/app.component";

bootstrapApplication(AppComponent).catch((error) => console.error(error));
', 'd1' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'angular' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'angular', 'm7', 'app.component.ts', 'import { Component, signal } from "@angular/core";

@Component({
  selector: "app-root",
  standalone: true,
  templateUrl: "./app.component.html",
  styleUrl: "./app.component.css",
})
export class AppComponent {
  readonly count = signal(0);

  increment() {
    this.count.update((n) => n + 1);
  }
}
', 'd2' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'angular' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'angular', 'm8', 'app.component.html', '<main>
  <h1>Hello Angular</h1>
  <p>Edit src/app/app.component.ts and save to see your changes.</p>
  <button type="button" (click)="increment()">Clicked {{ count() }} {{ count() === 1 ? "time" : "times" }}</button>
</main>
', 'd2' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'angular' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'angular', 'm9', 'app.component.css', 'main {
  max-width: 40rem;
  margin: 4rem auto;
  text-align: center;
}
', 'd2' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'angular' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'angular', 'm10', 'styles.css', ':root {
  font-family: system-ui, sans-serif;
  color-scheme: light dark;
}
', 'd1' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'angular' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'angular', 'm11', 'README.md', '# Angular

An Angular application with a standalone component and signals.

## Scripts

- `npm start`: starts the development server (ng serve)
- `npm run build`: builds the app into dist/
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'angular' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "templates" ("sandbox_id", "color", "icon_url", "published", "official", "tags") SELECT 'angular', '#dd0031', 'angular', true, true, ARRAY['angular', 'typescript', 'frontend']::text[] WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'angular' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandboxes" ("id", "alias", "title", "description", "workspace_id", "author_id", "collection_id", "privacy", "is_v2", "source_template") SELECT 'solid', 'solid', 'Solid', 'SolidJS fine-grained reactivity with Vite.', '00000000-0000-4000-8000-000000000b0c', (SELECT "id" FROM "users" WHERE "id" = '00000000-0000-4000-8000-00000000b0c5'), (SELECT "id" FROM "collections" WHERE "workspace_id" = '00000000-0000-4000-8000-000000000b0c' AND "path" = '/'), 0, false, 'solid' ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_directories" ("sandbox_id", "shortid", "title", "directory_shortid") SELECT 'solid', 'd1', 'src', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'solid' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'solid', 'm1', 'package.json', '{
  "name": "solid-starter",
  "private": true,
  "version": "0.0.0",
  "type": "module",
  "scripts": {
    "dev": "vite",
    "build": "vite build",
    "preview": "vite preview"
  },
  "dependencies": {
    "solid-js": "^1.9.3"
  },
  "devDependencies": {
    "vite": "^5.4.10",
    "vite-plugin-solid": "^2.10.2"
  }
}
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'solid' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'solid', 'm2', 'index.html', '<!doctype html>
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
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'solid' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'solid', 'm3', 'vite.config.js', 'import { defineConfig } from "vite";
import solid from "vite-plugin-solid";

export default defineConfig({
  plugins: [solid()],
});
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'solid' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'solid', 'm4', 'index.jsx', 'import { render } from "solid-js/web";
import App from "./App.jsx";
import "./index.css";

render(() => <App />, document.getElementById("root"));
', 'd1' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'solid' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'solid', 'm5', 'App.jsx', 'import { createSignal } from "solid-js";

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
', 'd1' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'solid' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'solid', 'm6', 'index.css', ':root {
  font-family: system-ui, sans-serif;
  color-scheme: light dark;
}

.app {
  max-width: 40rem;
  margin: 4rem auto;
  text-align: center;
}
', 'd1' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'solid' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'solid', 'm7', 'README.md', '# Solid

A SolidJS app with signals, built with Vite.

## Scripts

- `npm run dev`: starts the development server
- `npm run build`: builds the app into dist/
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'solid' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "templates" ("sandbox_id", "color", "icon_url", "published", "official", "tags") SELECT 'solid', '#2c4f7c', 'solid', true, true, ARRAY['solid', 'javascript', 'frontend', 'vite']::text[] WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'solid' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandboxes" ("id", "alias", "title", "description", "workspace_id", "author_id", "collection_id", "privacy", "is_v2", "source_template") SELECT 'static', 'static-html', 'HTML + CSS', 'A static page: HTML, CSS and a script, no build step.', '00000000-0000-4000-8000-000000000b0c', (SELECT "id" FROM "users" WHERE "id" = '00000000-0000-4000-8000-00000000b0c5'), (SELECT "id" FROM "collections" WHERE "workspace_id" = '00000000-0000-4000-8000-000000000b0c' AND "path" = '/'), 0, false, 'static' ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'static', 'm1', 'index.html', '<!doctype html>
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
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'static' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'static', 'm2', 'styles.css', 'body {
  font-family: system-ui, sans-serif;
  max-width: 40rem;
  margin: 4rem auto;
  padding: 0 1rem;
  line-height: 1.5;
}

h1 {
  color: #e34f26;
}
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'static' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'static', 'm3', 'script.js', 'const now = document.getElementById("now");

function tick() {
  const date = new Date();
  now.dateTime = date.toISOString();
  now.textContent = date.toLocaleTimeString();
}

tick();
setInterval(tick, 1000);
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'static' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'static', 'm4', 'package.json', '{
  "name": "static-page",
  "private": true,
  "version": "0.0.0",
  "scripts": {
    "start": "serve ."
  },
  "devDependencies": {
    "serve": "^14.2.4"
  }
}
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'static' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'static', 'm5', 'README.md', '# HTML + CSS

A static page: HTML, CSS and a script, served as they are.

## Scripts

- `npm start`: serves the folder on a local port
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'static' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "templates" ("sandbox_id", "color", "icon_url", "published", "official", "tags") SELECT 'static', '#e34f26', 'static', true, true, ARRAY['html', 'css', 'static', 'frontend']::text[] WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'static' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandboxes" ("id", "alias", "title", "description", "workspace_id", "author_id", "collection_id", "privacy", "is_v2", "source_template") SELECT 'vanilla', 'vanilla-javascript', 'JavaScript', 'Plain JavaScript modules bundled by Vite, no framework.', '00000000-0000-4000-8000-000000000b0c', (SELECT "id" FROM "users" WHERE "id" = '00000000-0000-4000-8000-00000000b0c5'), (SELECT "id" FROM "collections" WHERE "workspace_id" = '00000000-0000-4000-8000-000000000b0c' AND "path" = '/'), 0, false, 'vanilla' ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_directories" ("sandbox_id", "shortid", "title", "directory_shortid") SELECT 'vanilla', 'd1', 'src', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'vanilla' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'vanilla', 'm1', 'package.json', '{
  "name": "javascript-starter",
  "private": true,
  "version": "0.0.0",
  "type": "module",
  "scripts": {
    "dev": "vite",
    "build": "vite build",
    "preview": "vite preview"
  },
  "devDependencies": {
    "vite": "^5.4.10"
  }
}
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'vanilla' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'vanilla', 'm2', 'index.html', '<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>JavaScript</title>
  </head>
  <body>
    <div id="app"></div>
    <script type="module" src="/src/main.js"></script>
  </body>
</html>
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'vanilla' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'vanilla', 'm3', 'main.js', 'import { setupCounter } from "./counter.js";
import "./style.css";

document.querySelector("#app").innerHTML = `
  <main>
    <h1>Hello JavaScript</h1>
    <p>Edit src/main.js and save to see your changes.</p>
    <button id="counter" type="button"></button>
  </main>
`;

setupCounter(document.querySelector("#counter"));
', 'd1' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'vanilla' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'vanilla', 'm4', 'counter.js', 'export function setupCounter(button) {
  let count = 0;
  const render = () => {
    button.textContent = `Clicked ${count} ${count === 1 ? "time" : "times"}`;
  };
  button.addEventListener("click", () => {
    count += 1;
    render();
  });
  render();
}
', 'd1' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'vanilla' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'vanilla', 'm5', 'style.css', ':root {
  font-family: system-ui, sans-serif;
  color-scheme: light dark;
}

main {
  max-width: 40rem;
  margin: 4rem auto;
  text-align: center;
}
', 'd1' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'vanilla' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'vanilla', 'm6', 'README.md', '# JavaScript

Plain JavaScript modules and CSS, bundled by Vite, no framework.

## Scripts

- `npm run dev`: starts the development server
- `npm run build`: builds the page into dist/
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'vanilla' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "templates" ("sandbox_id", "color", "icon_url", "published", "official", "tags") SELECT 'vanilla', '#f7df1e', 'javascript', true, true, ARRAY['javascript', 'frontend', 'vite']::text[] WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'vanilla' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandboxes" ("id", "alias", "title", "description", "workspace_id", "author_id", "collection_id", "privacy", "is_v2", "source_template") SELECT 'node', 'node-http-server', 'Node.js', 'A Node.js HTTP server with Express, restarted on change.', '00000000-0000-4000-8000-000000000b0c', (SELECT "id" FROM "users" WHERE "id" = '00000000-0000-4000-8000-00000000b0c5'), (SELECT "id" FROM "collections" WHERE "workspace_id" = '00000000-0000-4000-8000-000000000b0c' AND "path" = '/'), 0, true, 'node' ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'node', 'm1', 'package.json', '{
  "name": "node-starter",
  "private": true,
  "version": "0.0.0",
  "type": "module",
  "main": "index.js",
  "scripts": {
    "start": "node index.js",
    "dev": "node --watch index.js"
  },
  "engines": {
    "node": ">=20"
  },
  "dependencies": {
    "express": "^4.21.1"
  }
}
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'node' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'node', 'm2', 'index.js', 'import express from "express";

const app = express();
const port = Number(process.env.PORT ?? 3000);

app.use(express.json());

app.get("/", (_request, response) => {
  response.send("<h1>Hello from Node.js</h1><p>Edit index.js: the server restarts on save.</p>");
});

app.get("/api/time", (_request, response) => {
  response.json({ now: new Date().toISOString() });
});

app.post("/api/echo", (request, response) => {
  response.json({ received: request.body });
});

app.listen(port, () => {
  console.log(`Listening on http://localhost:${port}`);
});
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'node' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'node', 'm3', '.gitignore', 'node_modules
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'node' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'node', 'm4', 'README.md', '# Node.js

An HTTP server with Express: a page, a JSON endpoint and an echo route.

## Scripts

- `npm run dev`: starts the server and restarts it when a file changes
- `npm start`: starts the server
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'node' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "templates" ("sandbox_id", "color", "icon_url", "published", "official", "tags") SELECT 'node', '#5fa04e', 'node', true, true, ARRAY['node', 'javascript', 'backend', 'express']::text[] WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'node' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandboxes" ("id", "alias", "title", "description", "workspace_id", "author_id", "collection_id", "privacy", "is_v2", "source_template") SELECT 'nextjs', 'nextjs', 'Next.js', 'The React framework: the App Router, a page, a layout and an API route.', '00000000-0000-4000-8000-000000000b0c', (SELECT "id" FROM "users" WHERE "id" = '00000000-0000-4000-8000-00000000b0c5'), (SELECT "id" FROM "collections" WHERE "workspace_id" = '00000000-0000-4000-8000-000000000b0c' AND "path" = '/'), 0, true, 'next' ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_directories" ("sandbox_id", "shortid", "title", "directory_shortid") SELECT 'nextjs', 'd1', 'app', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'nextjs' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_directories" ("sandbox_id", "shortid", "title", "directory_shortid") SELECT 'nextjs', 'd2', 'api', 'd1' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'nextjs' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_directories" ("sandbox_id", "shortid", "title", "directory_shortid") SELECT 'nextjs', 'd3', 'hello', 'd2' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'nextjs' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'nextjs', 'm1', 'package.json', '{
  "name": "nextjs-starter",
  "private": true,
  "version": "0.0.0",
  "scripts": {
    "dev": "next dev",
    "build": "next build",
    "start": "next start",
    "lint": "next lint"
  },
  "dependencies": {
    "next": "14.2.16",
    "react": "^18.3.1",
    "react-dom": "^18.3.1"
  }
}
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'nextjs' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'nextjs', 'm2', 'next.config.mjs', '/** @type {import(''next'').NextConfig} */
const nextConfig = {};

export default nextConfig;
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'nextjs' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'nextjs', 'm3', 'layout.js', 'import "./globals.css";

export const metadata = {
  title: "Next.js",
  description: "A Next.js app with the App Router",
};

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
', 'd1' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'nextjs' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'nextjs', 'm4', 'page.js', 'async function greeting() {
  return { message: "Hello Next.js", renderedAt: new Date().toISOString() };
}

export default async function Home() {
  const { message, renderedAt } = await greeting();
  return (
    <main>
      <h1>{message}</h1>
      <p>Edit app/page.js and save to see your changes.</p>
      <p>
        Rendered on the server at <time dateTime={renderedAt}>{renderedAt}</time>. The API route is at{" "}
        <a href="/api/hello">/api/hello</a>.
      </p>
    </main>
  );
}
', 'd1' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'nextjs' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'nextjs', 'm5', 'route.js', 'export function GET() {
  return Response.json({ hello: "world" });
}
', 'd3' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'nextjs' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'nextjs', 'm6', 'globals.css', 'body {
  font-family: system-ui, sans-serif;
  max-width: 40rem;
  margin: 4rem auto;
  padding: 0 1rem;
}
', 'd1' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'nextjs' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'nextjs', 'm7', '.gitignore', 'node_modules
.next
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'nextjs' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'nextjs', 'm8', 'README.md', '# Next.js

A Next.js app with the App Router: a layout, a server-rendered page and an API route.

## Scripts

- `npm run dev`: starts the development server
- `npm run build`: builds for production
- `npm start`: serves the production build
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'nextjs' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "templates" ("sandbox_id", "color", "icon_url", "published", "official", "tags") SELECT 'nextjs', '#0070f3', 'next', true, true, ARRAY['next', 'react', 'javascript', 'frontend', 'backend']::text[] WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'nextjs' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandboxes" ("id", "alias", "title", "description", "workspace_id", "author_id", "collection_id", "privacy", "is_v2", "source_template") SELECT 'nuxt', 'nuxt', 'Nuxt', 'The Vue framework: a page, a layout and a server API route.', '00000000-0000-4000-8000-000000000b0c', (SELECT "id" FROM "users" WHERE "id" = '00000000-0000-4000-8000-00000000b0c5'), (SELECT "id" FROM "collections" WHERE "workspace_id" = '00000000-0000-4000-8000-000000000b0c' AND "path" = '/'), 0, true, 'nuxt' ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_directories" ("sandbox_id", "shortid", "title", "directory_shortid") SELECT 'nuxt', 'd1', 'layouts', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'nuxt' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_directories" ("sandbox_id", "shortid", "title", "directory_shortid") SELECT 'nuxt', 'd2', 'pages', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'nuxt' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_directories" ("sandbox_id", "shortid", "title", "directory_shortid") SELECT 'nuxt', 'd3', 'server', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'nuxt' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_directories" ("sandbox_id", "shortid", "title", "directory_shortid") SELECT 'nuxt', 'd4', 'api', 'd3' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'nuxt' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'nuxt', 'm1', 'package.json', '{
  "name": "nuxt-starter",
  "private": true,
  "version": "0.0.0",
  "type": "module",
  "scripts": {
    "dev": "nuxt dev",
    "build": "nuxt build",
    "generate": "nuxt generate",
    "preview": "nuxt preview",
    "postinstall": "nuxt prepare"
  },
  "dependencies": {
    "nuxt": "^3.13.2",
    "vue": "^3.5.12",
    "vue-router": "^4.4.5"
  }
}
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'nuxt' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'nuxt', 'm2', 'nuxt.config.ts', 'export default defineNuxtConfig({
  compatibilityDate: "2024-11-01",
  devtools: { enabled: true },
});
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'nuxt' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'nuxt', 'm3', 'tsconfig.json', '{
  "extends": "./.nuxt/tsconfig.json"
}
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'nuxt' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'nuxt', 'm4', 'app.vue', '<template>
  <NuxtLayout>
    <NuxtPage />
  </NuxtLayout>
</template>
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'nuxt' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'nuxt', 'm5', 'default.vue', '<template>
  <main class="layout">
    <slot />
  </main>
</template>

<style>
.layout {
  font-family: system-ui, sans-serif;
  max-width: 40rem;
  margin: 4rem auto;
}
</style>
', 'd1' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'nuxt' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'nuxt', 'm6', 'index.vue', '<script setup lang="ts">
const { data } = await useFetch("/api/hello");
</script>

<template>
  <div>
    <h1>Hello Nuxt</h1>
    <p>Edit pages/index.vue and save to see your changes.</p>
    <p>The server says: {{ data?.message }}</p>
  </div>
</template>
', 'd2' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'nuxt' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'nuxt', 'm7', 'hello.ts', 'export default defineEventHandler(() => ({
  message: "Hello from the server route",
  at: new Date().toISOString(),
}));
', 'd4' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'nuxt' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'nuxt', 'm8', '.gitignore', 'node_modules
.nuxt
.output
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'nuxt' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'nuxt', 'm9', 'README.md', '# Nuxt

A Nuxt 3 app: a layout, a page and a server API route.

## Scripts

- `npm run dev`: starts the development server
- `npm run build`: builds for production
- `npm run preview`: serves the production build
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'nuxt' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "templates" ("sandbox_id", "color", "icon_url", "published", "official", "tags") SELECT 'nuxt', '#00dc82', 'nuxt', true, true, ARRAY['nuxt', 'vue', 'javascript', 'frontend', 'backend']::text[] WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'nuxt' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandboxes" ("id", "alias", "title", "description", "workspace_id", "author_id", "collection_id", "privacy", "is_v2", "source_template") SELECT 'remix', 'remix', 'Remix', 'Remix with Vite: nested routes, a loader and an action.', '00000000-0000-4000-8000-000000000b0c', (SELECT "id" FROM "users" WHERE "id" = '00000000-0000-4000-8000-00000000b0c5'), (SELECT "id" FROM "collections" WHERE "workspace_id" = '00000000-0000-4000-8000-000000000b0c' AND "path" = '/'), 0, true, 'remix' ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_directories" ("sandbox_id", "shortid", "title", "directory_shortid") SELECT 'remix', 'd1', 'app', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'remix' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_directories" ("sandbox_id", "shortid", "title", "directory_shortid") SELECT 'remix', 'd2', 'routes', 'd1' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'remix' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'remix', 'm1', 'package.json', '{
  "name": "remix-starter",
  "private": true,
  "version": "0.0.0",
  "type": "module",
  "scripts": {
    "dev": "remix vite:dev",
    "build": "remix vite:build",
    "start": "remix-serve ./build/server/index.js",
    "typecheck": "tsc"
  },
  "dependencies": {
    "@remix-run/node": "^2.13.1",
    "@remix-run/react": "^2.13.1",
    "@remix-run/serve": "^2.13.1",
    "isbot": "^4.4.0",
    "react": "^18.3.1",
    "react-dom": "^18.3.1"
  },
  "devDependencies": {
    "@remix-run/dev": "^2.13.1",
    "@types/react": "^18.3.12",
    "@types/react-dom": "^18.3.1",
    "typescript": "^5.6.3",
    "vite": "^5.4.10"
  },
  "engines": {
    "node": ">=20.0.0"
  }
}
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'remix' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'remix', 'm2', 'vite.config.ts', 'import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [remix()],
});
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'remix' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'remix', 'm3', 'tsconfig.json', '{
  "include": ["**/*.ts", "**/*.tsx"],
  "compilerOptions": {
    "lib": ["DOM", "DOM.Iterable", "ES2022"],
    "types": ["@remix-run/node", "vite/client"],
    "isolatedModules": true,
    "esModuleInterop": true,
    "jsx": "react-jsx",
    "module": "ESNext",
    "moduleResolution": "Bundler",
    "resolveJsonModule": true,
    "target": "ES2022",
    "strict": true,
    "skipLibCheck": true,
    "noEmit": true
  }
}
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'remix' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'remix', 'm4', 'root.tsx', 'import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "@remix-run/react";

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body style={{ fontFamily: "system-ui, sans-serif", maxWidth: "40rem", margin: "4rem auto" }}>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}
', 'd1' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'remix' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'remix', 'm5', '_index.tsx', 'import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

export const meta: MetaFunction = () => [{ title: "Remix" }];

export async function loader() {
  return { renderedAt: new Date().toISOString() };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const name = String(form.get("name") ?? "").trim();
  return { greeting: name ? `Hello, ${name}!` : "Tell me your name first." };
}

export default function Index() {
  const { renderedAt } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <main>
      <h1>Hello Remix</h1>
      <p>Loaded on the server at {renderedAt}.</p>
      <Form method="post">
        <input name="name" placeholder="Your name" />
        <button type="submit">Greet</button>
      </Form>
      {answer ? <p>{answer.greeting}</p> : null}
    </main>
  );
}
', 'd2' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'remix' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'remix', 'm6', '.gitignore', 'node_modules
/build
.cache
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'remix' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'remix', 'm7', 'README.md', '# Remix

A Remix app with Vite: a root layout and a route with a loader and an action.

## Scripts

- `npm run dev`: starts the development server
- `npm run build`: builds for production
- `npm start`: serves the production build
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'remix' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "templates" ("sandbox_id", "color", "icon_url", "published", "official", "tags") SELECT 'remix', '#3992ff', 'remix', true, true, ARRAY['remix', 'react', 'typescript', 'frontend', 'backend']::text[] WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'remix' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandboxes" ("id", "alias", "title", "description", "workspace_id", "author_id", "collection_id", "privacy", "is_v2", "source_template") SELECT 'flask', 'python-flask', 'Python (Flask)', 'A Flask web app with a template and a JSON endpoint.', '00000000-0000-4000-8000-000000000b0c', (SELECT "id" FROM "users" WHERE "id" = '00000000-0000-4000-8000-00000000b0c5'), (SELECT "id" FROM "collections" WHERE "workspace_id" = '00000000-0000-4000-8000-000000000b0c' AND "path" = '/'), 0, true, 'python' ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_directories" ("sandbox_id", "shortid", "title", "directory_shortid") SELECT 'flask', 'd1', 'templates', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'flask' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_directories" ("sandbox_id", "shortid", "title", "directory_shortid") SELECT 'flask', 'd2', 'static', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'flask' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'flask', 'm1', 'requirements.txt', 'Flask==3.0.3
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'flask' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'flask', 'm2', 'app.py', 'from datetime import datetime, timezone

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
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'flask' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'flask', 'm3', 'index.html', '<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>{{ title }}</title>
    <link rel="stylesheet" href="{{ url_for(''static'', filename=''style.css'') }}" />
  </head>
  <body>
    <main>
      <h1>{{ title }}</h1>
      <p>Edit app.py and templates/index.html; the server reloads on save.</p>
      <p>The JSON endpoint is at <a href="/api/time">/api/time</a>.</p>
    </main>
  </body>
</html>
', 'd1' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'flask' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'flask', 'm4', 'style.css', 'body {
  font-family: system-ui, sans-serif;
  max-width: 40rem;
  margin: 4rem auto;
  padding: 0 1rem;
}
', 'd2' WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'flask' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'flask', 'm5', '.gitignore', '__pycache__/
.venv/
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'flask' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'flask', 'm6', 'README.md', '# Python (Flask)

A Flask web app: a page rendered from a template and a JSON endpoint.

## Scripts

- `pip install -r requirements.txt`: installs Flask
- `python app.py`: starts the server on port 5000 with reloading
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'flask' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "templates" ("sandbox_id", "color", "icon_url", "published", "official", "tags") SELECT 'flask', '#3776ab', 'python', true, true, ARRAY['python', 'flask', 'backend']::text[] WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'flask' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandboxes" ("id", "alias", "title", "description", "workspace_id", "author_id", "collection_id", "privacy", "is_v2", "source_template") SELECT 'docker', 'dockerfile', 'Dockerfile', 'Any stack in a container: a Dockerfile and a small Node.js server to start from.', '00000000-0000-4000-8000-000000000b0c', (SELECT "id" FROM "users" WHERE "id" = '00000000-0000-4000-8000-00000000b0c5'), (SELECT "id" FROM "collections" WHERE "workspace_id" = '00000000-0000-4000-8000-000000000b0c' AND "path" = '/'), 0, true, 'docker' ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'docker', 'm1', 'Dockerfile', 'FROM node:20-alpine

WORKDIR /app
COPY package.json ./
RUN npm install --omit=dev
COPY . .

ENV PORT=8080
EXPOSE 8080
USER node
CMD ["npm", "start"]
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'docker' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'docker', 'm2', '.dockerignore', 'node_modules
npm-debug.log
.git
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'docker' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'docker', 'm3', 'package.json', '{
  "name": "docker-starter",
  "private": true,
  "version": "0.0.0",
  "type": "module",
  "scripts": {
    "start": "node server.js"
  }
}
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'docker' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'docker', 'm4', 'server.js', 'import { createServer } from "node:http";

const port = Number(process.env.PORT ?? 8080);

const server = createServer((request, response) => {
  if (request.url === "/health") {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ ok: true }));
    return;
  }
  response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  response.end("<h1>Hello from a container</h1><p>Edit the Dockerfile to use any stack.</p>");
});

server.listen(port, () => console.log(`Listening on port ${port}`));
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'docker' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT 'docker', 'm5', 'README.md', '# Dockerfile

A devbox built from its Dockerfile. It starts a small Node.js server; replace it with any stack.

## Scripts

- `docker build -t app .`: builds the image
- `docker run -p 8080:8080 app`: runs it on port 8080
', NULL WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'docker' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "templates" ("sandbox_id", "color", "icon_url", "published", "official", "tags") SELECT 'docker', '#2496ed', 'docker', true, true, ARRAY['docker', 'backend']::text[] WHERE EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = 'docker' AND "workspace_id" = '00000000-0000-4000-8000-000000000b0c') ON CONFLICT DO NOTHING;
