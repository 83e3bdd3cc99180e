import { packageJson, readme, type StarterFile } from "./types.ts";

export const nextjs: StarterFile[] = [
  {
    path: "package.json",
    code: packageJson({
      name: "nextjs-starter",
      private: true,
      version: "0.0.0",
      scripts: { dev: "next dev", build: "next build", start: "next start", lint: "next lint" },
      dependencies: { next: "14.2.16", react: "^18.3.1", "react-dom": "^18.3.1" },
    }),
  },
  {
    path: "next.config.mjs",
    code: `/** @type {import('next').NextConfig} */
const nextConfig = {};

export default nextConfig;
`,
  },
  {
    path: "app/layout.js",
    code: `import "./globals.css";

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
`,
  },
  {
    path: "app/page.js",
    code: `async function greeting() {
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
`,
  },
  {
    path: "app/api/hello/route.js",
    code: `export function GET() {
  return Response.json({ hello: "world" });
}
`,
  },
  {
    path: "app/globals.css",
    code: `body {
  font-family: system-ui, sans-serif;
  max-width: 40rem;
  margin: 4rem auto;
  padding: 0 1rem;
}
`,
  },
  { path: ".gitignore", code: "node_modules\n.next\n" },
  {
    path: "README.md",
    code: readme(
      "Next.js",
      "A Next.js app with the App Router: a layout, a server-rendered page and an API route.",
      [
        ["npm run dev", "starts the development server"],
        ["npm run build", "builds for production"],
        ["npm start", "serves the production build"],
      ],
    ),
  },
];
