import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { printSdl } from "../src/graphql/schema.ts";

const target = fileURLToPath(new URL("../schema.graphql", import.meta.url));
writeFileSync(target, printSdl());
console.log(`wrote ${target}`);
