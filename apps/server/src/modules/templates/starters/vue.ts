import { packageJson, readme, type StarterFile } from "./types.ts";

export const vue: StarterFile[] = [
  {
    path: "package.json",
    code: packageJson({
      name: "vue-starter",
      private: true,
      version: "0.0.0",
      type: "module",
      scripts: { dev: "vite", build: "vite build", preview: "vite preview" },
      dependencies: { vue: "^3.5.12" },
      devDependencies: { "@vitejs/plugin-vue": "^5.1.4", vite: "^5.4.10" },
    }),
  },
  {
    path: "index.html",
    code: `<!doctype html>
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
`,
  },
  {
    path: "vite.config.js",
    code: `import vue from "@vitejs/plugin-vue";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [vue()],
});
`,
  },
  {
    path: "src/main.js",
    code: `import { createApp } from "vue";
import App from "./App.vue";
import "./style.css";

createApp(App).mount("#app");
`,
  },
  {
    path: "src/App.vue",
    code: `<script setup>
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
`,
  },
  {
    path: "src/components/Counter.vue",
    code: `<script setup>
import { ref } from "vue";

const props = defineProps({ start: { type: Number, default: 0 } });
const count = ref(props.start);
</script>

<template>
  <button type="button" @click="count++">Clicked {{ count }} {{ count === 1 ? "time" : "times" }}</button>
</template>
`,
  },
  {
    path: "src/style.css",
    code: `:root {
  font-family: system-ui, sans-serif;
  color-scheme: light dark;
}
`,
  },
  {
    path: "README.md",
    code: readme("Vue", "A Vue 3 app with single-file components, built with Vite.", [
      ["npm run dev", "starts the development server"],
      ["npm run build", "builds the app into dist/"],
    ]),
  },
];
