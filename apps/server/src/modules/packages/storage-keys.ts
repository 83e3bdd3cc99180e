import { createHash } from "node:crypto";

// Storage keys are made of [a-zA-Z0-9-] parts (assertSafeKey): names, versions and paths are hashed.
const hash = (text: string) => createHash("sha256").update(text).digest("hex");

export const packumentKey = (name: string) => `npm/packuments/${hash(name)}`;
export const tarballKey = (name: string, version: string) => `npm/tarballs/${hash(`${name}@${version}`)}`;
/** What a version's preparation made: its entry points and the files they import. */
export const preparedKey = (name: string, version: string) =>
  `npm/modules/${hash(`${name}@${version}`)}/prepared`;
/** One module made for a version (an entry point, a shared chunk, a stylesheet module). */
export const moduleKey = (name: string, version: string, path: string) =>
  `npm/modules/${hash(`${name}@${version}`)}/${hash(path)}`;
