import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { withDatabase } from "./paths.ts";

const serverRoot = fileURLToPath(new URL("..", import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A PostgreSQL database of its own for a test, dropped by `drop()`. */
export async function scratchDatabase(adminUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: withDatabase(adminUrl, name),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * A server replica in its own process (the server's real main.ts, run from source), on its own
 * port; `restart()` stops it as a deployment would (SIGTERM) and starts it again on that port.
 */
export class Replica {
  private child: ChildProcess | null = null;
  output = "";

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start() {
    const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: serverRoot,
      env: {
        ...process.env,
        LOG_LEVEL: "warn",
        ...this.env,
        PORT: String(this.port),
        // Any free port for the preview origin: PORT + 1 may be another test's.
        BOXYARD_PREVIEW_PORT: "0",
        HOST: "127.0.0.1",
        BOXYARD_PUBLIC_URL: this.url,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child = child;
    child.stdout?.on("data", (chunk) => {
      this.output += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      this.output += chunk;
    });
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`replica on ${this.port} exited:\n${this.output}`);
      try {
        const response = await fetch(`${this.url}/api/meta/features`);
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`replica on ${this.port} did not start:\n${this.output}`);
  }

  async stop() {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
    this.child = null;
  }

  async restart() {
    await this.stop();
    await this.start();
  }
}

/** A signed-in person talking HTTP to a replica (any replica: sessions live in the database). */
export type HttpUser = { id: string; username: string; email: string; cookie: string };

export async function httpSignUp(baseUrl: string, username: string): Promise<HttpUser> {
  const email = `${username}@example.test`;
  const jar = new Map<string, string>();
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        "content-type": "application/json",
        "x-boxyard-client": "web",
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const started = await call("POST", "/api/v1/auth/local/signup", {
    email,
    password: "correct horse battery",
  });
  await call("POST", "/api/v1/users/finalize", {
    id: started.pendingUserId,
    username,
    name: username,
    role: "fullstack",
    usage: "personal",
  });
  const me = await call("GET", "/api/v1/users/current");
  return { id: String(me.id), username, email, cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") };
}

export async function httpGql<T = Record<string, unknown>>(
  baseUrl: string,
  user: HttpUser,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const response = await fetch(`${baseUrl}/api/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-boxyard-client": "web", cookie: user.cookie },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data: T; errors?: { message: string }[] };
  if (body.errors) throw new Error(`GraphQL: ${body.errors[0]!.message}`);
  return body.data;
}

export async function httpSocketToken(baseUrl: string, user: HttpUser): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/auth/jwt`, { headers: { cookie: user.cookie } });
  return ((await response.json()) as { jwt: string }).jwt;
}
