import { packageJson, readme, type StarterFile } from "./types.ts";

export const svelte: StarterFile[] = [
  {
    path: "package.json",
    code: packageJson({
      name: "svelte-starter",
      private: true,
      version: "0.0.0",
      type: "module",
      scripts: { dev: "vite", build: "vite build", preview: "vite preview" },
      devDependencies: { "@sveltejs/vite-plugin-svelte": "^4.0.0", svelte: "^5.1.9", vite: "^5.4.10" },
    }),
  },
  {
    path: "index.html",
    code: `<!doctype html>
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
`,
  },
  {
    path: "vite.config.js",
    code: `import { svelte } from "@sveltejs/vite-plugin-svelte";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [svelte()],
});
`,
  },
  {
    path: "svelte.config.js",
    code: `import { vitePreprocess } from "@sveltejs/vite-plugin-svelte";

export default {
  preprocess: vitePreprocess(),
};
`,
  },
  {
    path: "src/main.js",
    code: `import { mount } from "svelte";
import App from "./App.svelte";
import "./app.css";

const app = mount(App, { target: document.getElementById("app") });

export default app;
`,
  },
  {
    path: "src/App.svelte",
    code: `<script>
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
`,
  },
  {
    path: "src/app.css",
    code: `:root {
  font-family: system-ui, sans-serif;
  color-scheme: light dark;
}
`,
  },
  {
    path: "README.md",
    code: readme("Svelte", "A Svelte 5 app using runes ($state, $derived), compiled by Vite.", [
      ["npm run dev", "starts the development server"],
      ["npm run build", "builds the app into dist/"],
    ]),
  },
];
