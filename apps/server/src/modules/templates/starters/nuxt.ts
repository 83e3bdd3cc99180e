import { packageJson, readme, type StarterFile } from "./types.ts";

export const nuxt: StarterFile[] = [
  {
    path: "package.json",
    code: packageJson({
      name: "nuxt-starter",
      private: true,
      version: "0.0.0",
      type: "module",
      scripts: {
        dev: "nuxt dev",
        build: "nuxt build",
        generate: "nuxt generate",
        preview: "nuxt preview",
        postinstall: "nuxt prepare",
      },
      dependencies: { nuxt: "^3.13.2", vue: "^3.5.12", "vue-router": "^4.4.5" },
    }),
  },
  {
    path: "nuxt.config.ts",
    code: `export default defineNuxtConfig({
  compatibilityDate: "2024-11-01",
  devtools: { enabled: true },
});
`,
  },
  { path: "tsconfig.json", code: `{\n  "extends": "./.nuxt/tsconfig.json"\n}\n` },
  {
    path: "app.vue",
    code: `<template>
  <NuxtLayout>
    <NuxtPage />
  </NuxtLayout>
</template>
`,
  },
  {
    path: "layouts/default.vue",
    code: `<template>
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
`,
  },
  {
    path: "pages/index.vue",
    code: `<script setup lang="ts">
const { data } = await useFetch("/api/hello");
</script>

<template>
  <div>
    <h1>Hello Nuxt</h1>
    <p>Edit pages/index.vue and save to see your changes.</p>
    <p>The server says: {{ data?.message }}</p>
  </div>
</template>
`,
  },
  {
    path: "server/api/hello.ts",
    code: `export default defineEventHandler(() => ({
  message: "Hello from the server route",
  at: new Date().toISOString(),
}));
`,
  },
  { path: ".gitignore", code: "node_modules\n.nuxt\n.output\n" },
  {
    path: "README.md",
    code: readme("Nuxt", "A Nuxt 3 app: a layout, a page and a server API route.", [
      ["npm run dev", "starts the development server"],
      ["npm run build", "builds for production"],
      ["npm run preview", "serves the production build"],
    ]),
  },
];
