import { packageJson, readme, type StarterFile } from "./types.ts";

const REMIX = "^2.13.1";

export const remix: StarterFile[] = [
  {
    path: "package.json",
    code: packageJson({
      name: "remix-starter",
      private: true,
      version: "0.0.0",
      type: "module",
      scripts: {
        dev: "remix vite:dev",
        build: "remix vite:build",
        start: "remix-serve ./build/server/index.js",
        typecheck: "tsc",
      },
      dependencies: {
        "@remix-run/node": REMIX,
        "@remix-run/react": REMIX,
        "@remix-run/serve": REMIX,
        isbot: "^4.4.0",
        react: "^18.3.1",
        "react-dom": "^18.3.1",
      },
      devDependencies: {
        "@remix-run/dev": REMIX,
        "@types/react": "^18.3.12",
        "@types/react-dom": "^18.3.1",
        typescript: "^5.6.3",
        vite: "^5.4.10",
      },
      engines: { node: ">=20.0.0" },
    }),
  },
  {
    path: "vite.config.ts",
    code: `import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [remix()],
});
`,
  },
  {
    path: "tsconfig.json",
    code: `{
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
`,
  },
  {
    path: "app/root.tsx",
    code: `import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "@remix-run/react";

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
`,
  },
  {
    path: "app/routes/_index.tsx",
    code: `import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

export const meta: MetaFunction = () => [{ title: "Remix" }];

export async function loader() {
  return { renderedAt: new Date().toISOString() };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const name = String(form.get("name") ?? "").trim();
  return { greeting: name ? \`Hello, \${name}!\` : "Tell me your name first." };
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
`,
  },
  { path: ".gitignore", code: "node_modules\n/build\n.cache\n" },
  {
    path: "README.md",
    code: readme("Remix", "A Remix app with Vite: a root layout and a route with a loader and an action.", [
      ["npm run dev", "starts the development server"],
      ["npm run build", "builds for production"],
      ["npm start", "serves the production build"],
    ]),
  },
];
