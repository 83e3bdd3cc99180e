import { writeFileSync } from "node:fs";
import { officialTemplatesSql } from "../src/modules/templates/official.ts";

/** Writes the official templates' seeding SQL into a (custom) migration file: `npx tsx scripts/official-templates-sql.ts <file>`. */
const target = process.argv[2];
if (!target) {
  console.error("usage: npx tsx scripts/official-templates-sql.ts src/db/migrations/<custom migration>.sql");
  process.exit(2);
}
writeFileSync(target, officialTemplatesSql());
console.log(`wrote ${target}`);
