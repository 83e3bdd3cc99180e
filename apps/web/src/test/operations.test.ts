import { describe, expect, it } from "vitest";
import { type AnyOperation, operationName } from "../api/graphql.ts";
import { OPERATIONS } from "./operations.ts";

const isOperation = (value: unknown): value is AnyOperation =>
  typeof value === "object" &&
  value !== null &&
  (value as AnyOperation).kind === "Document" &&
  (value as AnyOperation).definitions.some((definition) => definition.kind === "OperationDefinition");

describe("the tests' operation table", () => {
  it("names each operation as its document does", () => {
    for (const [name, document] of Object.entries(OPERATIONS)) expect(operationName(document)).toBe(name);
  });

  it("holds every operation of api/queries", () => {
    const modules = import.meta.glob<Record<string, unknown>>(
      ["../api/queries/*.ts", "!../api/queries/*.test.ts"],
      { eager: true },
    );
    const listed = new Set<unknown>(Object.values(OPERATIONS));
    const missing = Object.values(modules)
      .flatMap((exports) => Object.values(exports))
      .filter(isOperation)
      .filter((document) => !listed.has(document))
      .map(operationName);
    expect(missing).toEqual([]);
  });
});
