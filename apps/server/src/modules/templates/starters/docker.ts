import { packageJson, readme, type StarterFile } from "./types.ts";

export const docker: StarterFile[] = [
  {
    path: "Dockerfile",
    code: `FROM node:20-alpine

WORKDIR /app
COPY package.json ./
RUN npm install --omit=dev
COPY . .

ENV PORT=8080
EXPOSE 8080
USER node
CMD ["npm", "start"]
`,
  },
  { path: ".dockerignore", code: "node_modules\nnpm-debug.log\n.git\n" },
  {
    path: "package.json",
    code: packageJson({
      name: "docker-starter",
      private: true,
      version: "0.0.0",
      type: "module",
      scripts: { start: "node server.js" },
    }),
  },
  {
    path: "server.js",
    code: `import { createServer } from "node:http";

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

server.listen(port, () => console.log(\`Listening on port \${port}\`));
`,
  },
  {
    path: "README.md",
    code: readme(
      "Dockerfile",
      "A devbox built from its Dockerfile. It starts a small Node.js server; replace it with any stack.",
      [
        ["docker build -t app .", "builds the image"],
        ["docker run -p 8080:8080 app", "runs it on port 8080"],
      ],
    ),
  },
];
