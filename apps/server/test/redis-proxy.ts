import { connect, createServer, type Server, type Socket } from "node:net";

/**
 * A TCP proxy in front of the machine's Redis: `down()` drops every connection and refuses new
 * ones, as a Redis that went away; `up()` lets them through again. The real Redis, shared with
 * other runs, is never touched.
 */
export async function redisProxy(target: URL) {
  const connections = new Set<Socket>();
  let server: Server | null = null;
  const listen = (port: number) =>
    new Promise<number>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 6379), target.hostname);
        for (const s of [client, upstream]) {
          connections.add(s);
          s.on("close", () => connections.delete(s));
          s.on("error", () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
        client.on("close", () => upstream.destroy());
        upstream.on("close", () => client.destroy());
      });
      server.listen(port, "127.0.0.1", () => resolve((server!.address() as { port: number }).port));
    });
  const port = await listen(0);
  return {
    url: `redis://127.0.0.1:${port}`,
    async down() {
      const closed = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = null;
      for (const s of connections) s.destroy();
      await closed;
    },
    async up() {
      await listen(port);
    },
    close() {
      server?.close();
      server = null;
      for (const s of connections) s.destroy();
    },
  };
}

export type RedisProxy = Awaited<ReturnType<typeof redisProxy>>;
