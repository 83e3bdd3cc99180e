const t0 = performance.now();
const log = (m) => console.log(m, Math.round(performance.now() - t0));
const { PGlite } = await import("@electric-sql/pglite");
log("import pglite");
const db = await PGlite.create({ dataDir: "/tmp/bx2/pglite" });
log("open");
await db.query("select 1");
log("query");
