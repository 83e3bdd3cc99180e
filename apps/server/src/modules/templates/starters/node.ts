import { packageJson, readme, type StarterFile } from "./types.ts";

export const node: StarterFile[] = [
  {
    path: "package.json",
    code: packageJson({
      name: "node-starter",
      private: true,
      version: "0.0.0",
      type: "module",
      main: "index.js",
      scripts: { start: "node index.js", dev: "node --watch index.js" },
      engines: { node: ">=20" },
      dependencies: { express: "^4.21.1" },
    }),
  },
  {
    path: "index.js",
    code: `import express from "express";

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
  console.log(\`Listening on http://localhost:\${port}\`);
});
`,
  },
  { path: ".gitignore", code: "node_modules\n" },
  {
    path: "README.md",
    code: readme("Node.js", "An HTTP server with Express: a page, a JSON endpoint and an echo route.", [
      ["npm run dev", "starts the server and restarts it when a file changes"],
      ["npm start", "starts the server"],
    ]),
  },
];
