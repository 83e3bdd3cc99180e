/**
 * ioredis, for modules that load it on demand: a dynamic import of this ES module keeps its named
 * export in the bundle (a dynamic import of the CommonJS package itself loses it when split).
 */
export { Redis } from "ioredis";
