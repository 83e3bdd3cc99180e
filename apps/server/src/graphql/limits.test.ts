import {
  type GraphQLInputType,
  type GraphQLObjectType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  parse,
  specifiedRules,
  typeFromAST,
  validate,
} from "graphql";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { CLIENT, type TestApp, testApp } from "../../test/app.ts";
import { signUp, type TestUser } from "../../test/factories.ts";
import { makeSandbox, sandboxRow } from "../modules/sandboxes/testing.ts";
import { LIMITS, limitRules, queryCost } from "./limits.ts";
import { LIST_SIZES } from "./list-sizes.ts";
import { schema } from "./schema.ts";
import { recordWebDocuments, type WebOperation, webOperations } from "./web-operations.testing.ts";

// The web app's documents, as its graphql() makes them (the path is the web's api/graphql.ts).
vi.mock("../../../web/src/api/graphql.ts", async (importOriginal) =>
  recordWebDocuments(await importOriginal<Record<string, unknown>>()),
);

const UUID = "6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b";

/**
 * Variables as the web app could send them at their largest: nullable scalars left out (a list
 * field then counts its declared maximum), lists of 1,000 items (a bulk action on a folder's page), Int
 * page sizes of 1,000.
 */
function largestVariables(operation: OperationDefinitionNode): Record<string, unknown> {
  const value = (type: GraphQLInputType): unknown => {
    const nullable = getNullableType(type);
    if (isListType(nullable)) return Array.from({ length: 1000 }, () => value(nullable.ofType));
    if (isEnumType(nullable)) return nullable.getValues()[0]!.value;
    if (isInputObjectType(nullable))
      return Object.fromEntries(
        Object.values(nullable.getFields())
          .filter((field) => isNonNullType(field.type))
          .map((field) => [field.name, value(field.type)]),
      );
    switch (nullable.name) {
      case "Int":
        return 1000;
      case "Boolean":
        return true;
      case "UUID4":
        return UUID;
      default:
        return "x";
    }
  };
  const variables: Record<string, unknown> = {};
  for (const definition of operation.variableDefinitions ?? []) {
    const type = typeFromAST(schema, definition.type) as GraphQLInputType;
    if (definition.type.kind !== Kind.NON_NULL_TYPE && !isListType(type)) continue;
    variables[definition.variable.name.value] = value(type);
  }
  return variables;
}

describe("query limits (issue 13, hole 4)", () => {
  let operations: WebOperation[];
  beforeAll(async () => {
    operations = await webOperations();
  });

  it("reads every operation of the web app's queries", () => {
    const names = new Set(operations.map((operation) => operation.name));
    expect(operations.length).toBeGreaterThanOrEqual(94);
    for (const expected of [
      "SandboxesByPath",
      "FolderFirstSandboxes",
      "AllTeams",
      "RenameSandbox",
      "UpdateNotificationPreferences",
    ])
      expect(names).toContain(expected);
  });

  it("each operation the web app sends is within every limit (cost, depth, aliases, tokens, texts)", () => {
    const report: string[] = [];
    let highest = 0;
    for (const { name, query } of operations) {
      const document = parse(query, { maxTokens: LIMITS.tokens });
      const errors = validate(schema, document, limitRules);
      if (errors.length > 0) report.push(`${name}: ${errors.map((e) => e.message).join("; ")}`);
      const operation = document.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION)!;
      const cost = queryCost(schema, document, largestVariables(operation as OperationDefinitionNode));
      if (cost > LIMITS.cost) report.push(`${name}: costs ${cost}`);
      highest = Math.max(highest, cost);
    }
    expect(report).toEqual([]);
    // The limit leaves the largest (a folder's page at its 2,000 maximum: about 61,000) room, and
    // is not orders of magnitude above it.
    expect(highest).toBeGreaterThan(LIMITS.cost / 4);
  });

  it("each operation the web app sends is valid against the schema", () => {
    const invalid = new Set<string>();
    for (const { query } of operations) {
      const document = parse(query);
      if (validate(schema, document, specifiedRules).length === 0) continue;
      const operation = document.definitions.find(
        (d) => d.kind === Kind.OPERATION_DEFINITION,
      ) as OperationDefinitionNode;
      for (const selection of operation.selectionSet.selections)
        if (selection.kind === Kind.FIELD) invalid.add(selection.name.value);
    }
    expect([...invalid].sort()).toEqual([]);
  });

  it("every list field of the schema has a declared page size, and no declaration is stale", () => {
    const lists: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) || type.name.startsWith("__")) continue;
      for (const field of Object.values(type.getFields()))
        if (isListType(getNullableType(field.type))) lists.push(`${type.name}.${field.name}`);
    }
    expect(lists.filter((key) => !(key in LIST_SIZES))).toEqual([]);
    expect(Object.keys(LIST_SIZES).filter((key) => !lists.includes(key))).toEqual([]);
    for (const [key, size] of Object.entries(LIST_SIZES)) {
      const [typeName, fieldName] = key.split(".") as [string, string];
      const field = (schema.getType(typeName) as GraphQLObjectType).getFields()[fieldName]!;
      for (const arg of [size.pageArg, size.countArg].filter(Boolean))
        expect(
          field.args.map((a) => a.name),
          `${key} has no argument ${arg}`,
        ).toContain(arg);
    }
  });
});

describe("refused requests (issue 13, hole 4): a 400 naming the limit, before any resolver runs", () => {
  let app: TestApp;
  let user: TestUser;
  let sandboxId: string;

  beforeAll(async () => {
    app = await testApp();
    user = await signUp(app);
    sandboxId = await makeSandbox(app, user.primaryTeamId, user.id, { privacy: 0, title: "Before" });
  });

  const post = (payload: unknown, who: TestUser | null = null) =>
    app.inject({
      method: "POST",
      url: "/api/graphql",
      headers: { ...CLIENT, ...(who ? { cookie: who.cookie } : {}) },
      payload: payload as object,
    });

  const messages = (response: { json(): unknown }) =>
    ((response.json() as { errors: { message: string }[] }).errors ?? []).map((e) => e.message).join(" | ");

  /** sandbox → collection → sandboxes → collection → sandboxes ..., `levels` times: within the depth limit. */
  const nested = (levels: number) =>
    `{ sandbox(sandboxId: "${sandboxId}") { id ${"collection { sandboxes { id ".repeat(levels)}${"} } ".repeat(levels)}} }`;

  it("nested lists of a public sandbox's folder, signed out: refused by cost (the review's 0.6 to 2 GB request)", async () => {
    const query = nested(4);
    expect(validate(schema, parse(query), limitRules)).toEqual([]); // within the depth limit
    const response = await post({ query });
    expect(response.statusCode).toBe(400);
    expect(messages(response)).toMatch(/over the cost limit of 100,000/);
  });

  it("one level of a folder is answered (a page: 2,000 sandboxes at most without a limit)", async () => {
    const response = await post({ query: nested(1) }, user);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: { sandbox: { id: sandboxId, collection: { sandboxes: [{ id: sandboxId }] } } },
    });
  });

  it("a mutation over the cost limit changes nothing", async () => {
    const response = await post(
      {
        query: `mutation($id: ID!) { renameSandbox(id: $id, title: "After") { id ${"collection { sandboxes { id ".repeat(3)}${"} } ".repeat(3)}} }`,
        variables: { id: sandboxId },
      },
      user,
    );
    expect(response.statusCode).toBe(400);
    expect(messages(response)).toMatch(/cost limit/);
    expect((await sandboxRow(app, sandboxId))!.title).toBe("Before");
  });

  it("a list field asked with a huge page size is counted by it", async () => {
    const response = await post({
      query: `{ sandbox(sandboxId: "${sandboxId}") { collection { sandboxes(limit: 1000000) { id title } } } }`,
    });
    expect(response.statusCode).toBe(400);
    expect(messages(response)).toMatch(/cost limit/);
  });

  it("the same query is counted again when its page size variable changes (costs are kept per page size)", async () => {
    const query = `query Page($id: ID!, $limit: Int, $deep: Boolean!) { sandbox(sandboxId: $id) { collection {
      sandboxes(limit: $limit) { id collection @include(if: $deep) { sandboxes { id } } } } } }`;
    const ask = (limit: number, deep: boolean) =>
      post({ query, variables: { id: sandboxId, limit, deep } }, user);
    expect((await ask(100, false)).statusCode).toBe(200);
    expect((await ask(100, false)).statusCode).toBe(200);
    const huge = await ask(1_000_000, false);
    expect(huge.statusCode).toBe(400);
    expect(messages(huge)).toMatch(/cost limit/);
    expect((await ask(100, true)).statusCode).toBe(400);
    expect((await ask(100, false)).statusCode).toBe(200);
  });

  it("150,000 aliases are refused by the token limit, at once (they cost 2 s of CPU)", async () => {
    const query = `{ ${Array.from({ length: 150_000 }, (_, i) => `a${i}: __typename`).join(" ")} }`;
    const body = JSON.stringify({ query });
    const started = performance.now();
    const response = await app.inject({
      method: "POST",
      url: "/api/graphql",
      headers: { ...CLIENT, "content-type": "application/json" },
      payload: body,
    });
    const elapsed = performance.now() - started;
    expect(response.statusCode).toBe(400);
    expect(messages(response)).toBe(`The query has more than the limit of 5,000 tokens.`);
    // Reading the 2.4 MB body is most of it; executed, it took 1.7 s on an idle machine.
    expect(elapsed).toBeLessThan(1000);
  });

  it("more aliases than the alias limit, within the token limit, are refused", async () => {
    const query = `{ ${Array.from({ length: LIMITS.aliases + 1 }, (_, i) => `a${i}: me { id }`).join(" ")} }`;
    const response = await post({ query });
    expect(response.statusCode).toBe(400);
    expect(messages(response)).toBe(`The query has more than the limit of ${LIMITS.aliases} aliases.`);
  });

  it("a query deeper than the depth limit is refused with a 400 (it crashed the error formatter)", async () => {
    const response = await post({ query: nested(7) });
    expect(response.statusCode).toBe(400);
    expect(messages(response)).toBe(
      `The query is nested more than the depth limit of ${LIMITS.depth} levels.`,
    );
  });

  it("a batch of 300 mutations is refused whole and runs none of them", async () => {
    const rename = {
      query: 'mutation($id: ID!) { renameSandbox(id: $id, title: "Batched") { id } }',
      variables: { id: sandboxId },
    };
    const response = await post(
      Array.from({ length: 300 }, () => rename),
      user,
    );
    expect(response.statusCode).toBe(400);
    expect(messages(response)).toBe(
      `A batch holds at most ${LIMITS.batch} operations (the batch limit); this one has 300.`,
    );
    expect((await sandboxRow(app, sandboxId))!.title).toBe("Before");
  });

  it("a batch with one operation over a limit runs none of them, the first included", async () => {
    const rename = {
      query: 'mutation($id: ID!) { renameSandbox(id: $id, title: "Batched") { id } }',
      variables: { id: sandboxId },
    };
    const response = await post([rename, { query: nested(4) }], user);
    expect(response.statusCode).toBe(400);
    expect(messages(response)).toMatch(/cost limit/);
    expect((await sandboxRow(app, sandboxId))!.title).toBe("Before");
  });

  it("a batch within the limits is answered, each operation in order", async () => {
    const response = await post([{ query: "{ me { id } }" }, { query: "{ __typename }" }], user);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([{ data: { me: { id: user.id } } }, { data: { __typename: "Query" } }]);
  });
});
