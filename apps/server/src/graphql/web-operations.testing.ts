/**
 * The GraphQL operations the web app sends: every document its queries directory
 * (apps/web/src/api/queries) makes with `graphql()`, as the text it sends. A test that uses these
 * records each document made (`recordWebDocuments` in its `vi.mock` of the web's graphql.ts), then
 * loads the queries' modules.
 */
import { readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const WEB_API_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "../../../web/src/api");
export const WEB_GRAPHQL_MODULE = join(WEB_API_DIR, "graphql.ts");

export type WebOperation = { name: string; query: string };

type Document = { definitions: readonly { kind: string; name?: { value: string } }[] };
type GraphQLModule = Record<string, unknown> & {
  graphql: (...args: unknown[]) => Document;
  documentText: (document: Document) => string;
};

const made: Document[] = [];

/** The web's graphql.ts with its `graphql()` recording every document it makes. */
export function recordWebDocuments(actual: Record<string, unknown>): Record<string, unknown> {
  const module = actual as GraphQLModule;
  const graphql = Object.assign((...args: unknown[]) => {
    const document = module.graphql(...args);
    made.push(document);
    return document;
  }, module.graphql);
  return { ...module, graphql };
}

/** Loads every module of the queries directory (tests left out) and answers the operations they made. */
export async function webOperations(): Promise<WebOperation[]> {
  const dir = join(WEB_API_DIR, "queries");
  for (const name of readdirSync(dir).sort()) {
    if (name.endsWith(".ts") && !name.endsWith(".test.ts")) await import(pathToFileURL(join(dir, name)).href);
  }
  const { documentText } = (await import(pathToFileURL(WEB_GRAPHQL_MODULE).href)) as GraphQLModule;
  return made.flatMap((document) => {
    const operation = document.definitions.find((d) => d.kind === "OperationDefinition");
    return operation?.name ? [{ name: operation.name.value, query: documentText(document) }] : [];
  });
}
