import { packageJson, readme, type StarterFile } from "./types.ts";

export const vanilla: StarterFile[] = [
  {
    path: "package.json",
    code: packageJson({
      name: "javascript-starter",
      private: true,
      version: "0.0.0",
      type: "module",
      scripts: { dev: "vite", build: "vite build", preview: "vite preview" },
      devDependencies: { vite: "^5.4.10" },
    }),
  },
  {
    path: "index.html",
    code: `<!doctype html>
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
`,
  },
  {
    path: "src/main.js",
    code: `import { setupCounter } from "./counter.js";
import "./style.css";

document.querySelector("#app").innerHTML = \`
  <main>
    <h1>Hello JavaScript</h1>
    <p>Edit src/main.js and save to see your changes.</p>
    <button id="counter" type="button"></button>
  </main>
\`;

setupCounter(document.querySelector("#counter"));
`,
  },
  {
    path: "src/counter.js",
    code: `export function setupCounter(button) {
  let count = 0;
  const render = () => {
    button.textContent = \`Clicked \${count} \${count === 1 ? "time" : "times"}\`;
  };
  button.addEventListener("click", () => {
    count += 1;
    render();
  });
  render();
}
`,
  },
  {
    path: "src/style.css",
    code: `:root {
  font-family: system-ui, sans-serif;
  color-scheme: light dark;
}

main {
  max-width: 40rem;
  margin: 4rem auto;
  text-align: center;
}
`,
  },
  {
    path: "README.md",
    code: readme("JavaScript", "Plain JavaScript modules and CSS, bundled by Vite, no framework.", [
      ["npm run dev", "starts the development server"],
      ["npm run build", "builds the page into dist/"],
    ]),
  },
];
