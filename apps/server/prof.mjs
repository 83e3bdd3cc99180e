const t0 = performance.now();
const mods = [
  "fastify",
  "mercurius",
  "graphql",
  "@pothos/core",
  "@electric-sql/pglite",
  "drizzle-orm",
  "drizzle-orm/pglite",
  "openid-client",
  "arctic",
  "ioredis",
  "pg",
  "@fastify/helmet",
  "@fastify/rate-limit",
  "@fastify/cookie",
  "@fastify/static",
  "@node-rs/argon2",
  "jose",
  "zod",
];
for (const m of mods) {
  const s = performance.now();
  await import(m);
  console.log(m, (performance.now() - s).toFixed(0));
}
console.log("all imports", (performance.now() - t0).toFixed(0));
const { PGlite } = await import("@electric-sql/pglite");
const s = performance.now();
const db = await PGlite.create({ dataDir: process.argv[2] });
console.log("pglite open", (performance.now() - s).toFixed(0));
