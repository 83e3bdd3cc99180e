import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { CLIENT, type TestApp, testApp } from "../../test/app.ts";
import { signUp, type TestUser } from "../../test/factories.ts";
import { feedback, users } from "../db/schema/index.ts";
import { makeSandbox, sandboxRow } from "../modules/sandboxes/testing.ts";
import { JSON_MAX_DEPTH, jsonDepth } from "./json-body.ts";
import { ILL_FORMED_MESSAGE, NUL_MESSAGE, textProblem } from "./text-guard.ts";

const JSON_TYPE = { "content-type": "application/json" };
const RENAME = "mutation($id: ID!, $title: String!) { renameSandbox(id: $id, title: $title) { id title } }";

describe("malformed requests answer a clear 4xx and change nothing (issue 13, hole 7)", () => {
  let app: TestApp;
  let user: TestUser;
  let sandboxId: string;

  beforeAll(async () => {
    app = await testApp();
    user = await signUp(app);
    sandboxId = await makeSandbox(app, user.primaryTeamId, user.id, { privacy: 0, title: "Before" });
  });

  const send = (options: InjectOptions, signedIn = true) =>
    app.inject({
      ...options,
      headers: { ...CLIENT, ...(signedIn ? { cookie: user.cookie } : {}), ...(options.headers ?? {}) },
    });
  const graphql = (payload: InjectOptions["payload"], headers: Record<string, string> = {}) =>
    send({ method: "POST", url: "/api/graphql", payload, headers });

  /** A GraphQL refusal: the status, and its errors' messages. */
  const refusal = (response: { statusCode: number; json(): unknown }) => ({
    status: response.statusCode,
    messages: ((response.json() as { errors?: { message: string }[] }).errors ?? []).map((e) => e.message),
  });
  /** A REST refusal: the status and `errors.detail`. */
  const restRefusal = (response: { statusCode: number; json(): unknown }) => ({
    status: response.statusCode,
    detail: (response.json() as { errors?: { detail?: string[] } }).errors?.detail,
  });

  const titleUnchanged = async () => expect((await sandboxRow(app, sandboxId))!.title).toBe("Before");

  describe("GraphQL bodies that are not operations", () => {
    const shape = "The body must be a JSON object {query, variables, operationName}, or an array of them.";
    it.each([
      ["a number (123)", "123"],
      ["a string", '"query"'],
      ["null", "null"],
      ["an array of numbers", "[1, 2]"],
      ["an array of arrays", "[[]]"],
    ])("%s: 400", async (_name, body) => {
      expect(refusal(await graphql(body, JSON_TYPE))).toEqual({ status: 400, messages: [shape] });
    });

    it("an empty batch: 400", async () => {
      expect(refusal(await graphql("[]", JSON_TYPE))).toEqual({
        status: 400,
        messages: ["A batch holds at least one operation."],
      });
    });

    it("an object without a query, a query that is not a string, variables or an operation name of the wrong type: 400", async () => {
      expect(refusal(await graphql({}))).toEqual({ status: 400, messages: ['"query" must be a string.'] });
      expect(refusal(await graphql({ query: 5 }))).toEqual({
        status: 400,
        messages: ['"query" must be a string.'],
      });
      for (const variables of [[1], "x", 3])
        expect(refusal(await graphql({ query: "{ me { id } }", variables }))).toEqual({
          status: 400,
          messages: ['"variables" must be a JSON object.'],
        });
      expect(refusal(await graphql({ query: "{ me { id } }", operationName: 5 }))).toEqual({
        status: 400,
        messages: ['"operationName" must be a string.'],
      });
    });

    it("a query that is JSON rather than GraphQL (mercurius would read it as a document): 400", async () => {
      for (const query of ["123", '{"kind": "Document", "definitions": 1}', "true", "[]", "{}"])
        expect(refusal(await graphql({ query }))).toEqual({
          status: 400,
          messages: ["The query is not a GraphQL operation."],
        });
      expect(refusal(await graphql({ query: "  # nothing\n" }))).toEqual({
        status: 400,
        messages: ["The query is empty."],
      });
    });

    it("a body sent as text/plain: 400; as application/graphql: answered", async () => {
      expect((await graphql("{ me { id } }", { "content-type": "text/plain" })).statusCode).toBe(400);
      const answered = await graphql("{ me { id } }", { "content-type": "application/graphql" });
      expect(answered.statusCode).toBe(200);
      expect(answered.json()).toEqual({ data: { me: { id: user.id } } });
    });

    it("invalid JSON: 400", async () => {
      const response = await graphql('{"query":', JSON_TYPE);
      expect(response.statusCode).toBe(400);
      expect(refusal(response).messages[0]).toMatch(/not valid JSON/);
    });

    it("a GraphQL syntax error: 400", async () => {
      const response = await graphql({ query: "{ me { id }" });
      expect(response.statusCode).toBe(400);
      expect(refusal(response).messages[0]).toMatch(/^Syntax Error/);
    });
  });

  describe("operations that cannot run", () => {
    it("a mutation sent by GET: 405, nothing changes (it crashed the error formatter)", async () => {
      const query = encodeURIComponent("mutation { deleteCurrentUser }");
      const response = await send({ method: "GET", url: `/api/graphql?query=${query}` });
      expect(refusal(response)).toEqual({
        status: 405,
        messages: ["Operation cannot be performed via a GET request"],
      });
      const [row] = await app.deps.db.select().from(users).where(eq(users.id, user.id));
      expect(row!.deletionRequestedAt).toBeNull();
    });

    it("GET: a missing query, a repeated parameter, variables that are not a JSON object: 400", async () => {
      const me = encodeURIComponent("{ me { id } }");
      const cases: [string, string][] = [
        ["/api/graphql", 'The parameter "query" is missing.'],
        [`/api/graphql?query=${me}&query=${me}`, 'The parameter "query" is given more than once.'],
        [`/api/graphql?query=${me}&variables=%7B`, 'The parameter "variables" is not JSON.'],
        [`/api/graphql?query=${me}&variables=123`, 'The parameter "variables" must be a JSON object.'],
        // These selected no operation and crashed mercurius's check for mutations by GET (500).
        [`/api/graphql?query=${me}&operationName=A`, 'Unknown operation named "A".'],
        [
          `/api/graphql?query=${encodeURIComponent("query A { me { id } } query B { me { id } }")}`,
          "Must provide operation name if query contains multiple operations.",
        ],
      ];
      for (const [url, message] of cases)
        expect(refusal(await send({ method: "GET", url }))).toEqual({ status: 400, messages: [message] });
      const answered = await send({ method: "GET", url: `/api/graphql?query=${me}` });
      expect(answered.json()).toEqual({ data: { me: { id: user.id } } });
    });

    it("an unknown operation name, or several operations without one: 400", async () => {
      expect(refusal(await graphql({ query: "query A { me { id } }", operationName: "B" }))).toEqual({
        status: 400,
        messages: ['Unknown operation named "B".'],
      });
      expect(refusal(await graphql({ query: "query A { me { id } } query B { me { id } }" }))).toEqual({
        status: 400,
        messages: ["Must provide operation name if query contains multiple operations."],
      });
    });

    it("variables of the wrong type: 400, nothing changes", async () => {
      for (const variables of [
        { id: sandboxId, title: { a: 1 } },
        { id: [sandboxId], title: "After" },
        { id: sandboxId },
      ]) {
        const response = await graphql({ query: RENAME, variables });
        expect(response.statusCode).toBe(400);
        expect(refusal(response).messages[0]).toMatch(/^Variable "\$(id|title)"/);
      }
      await titleUnchanged();
    });

    it("a depth-limit refusal: 400 with the limit (it crashed the error formatter)", async () => {
      // sandbox > (collection > sandboxes) x 6 > id: 14 levels of valid fields.
      const query = `{ sandbox(sandboxId: "${sandboxId}") { ${"collection { sandboxes { ".repeat(6)}id${" } }".repeat(6)} } }`;
      expect(refusal(await graphql({ query }))).toEqual({
        status: 400,
        messages: ["The query is nested more than the depth limit of 12 levels."],
      });
    });
  });

  describe("deeply nested JSON", () => {
    const deep = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;

    it("counts the depth of JSON text, brackets in strings left out", () => {
      expect(jsonDepth(Buffer.from('{"a":[{"b":"[[[{{{"}]}'))).toBe(3);
      expect(jsonDepth(Buffer.from('"\\"[["'))).toBe(0);
    });

    it(`GraphQL variables nested deeper than ${JSON_MAX_DEPTH} levels: 400 (a crash before), even 200,000 deep`, async () => {
      for (const levels of [JSON_MAX_DEPTH + 1, 200_000]) {
        const body = `{"query":"{ me { id } }","variables":{"a":${deep(levels)}}}`;
        expect(refusal(await graphql(body, JSON_TYPE))).toEqual({
          status: 400,
          messages: [`The JSON body is nested more than ${JSON_MAX_DEPTH} levels deep.`],
        });
      }
    });

    it("a REST body nested deeper: 400 (it overflowed the stack: 500), nothing saved", async () => {
      const body = `{"text":${deep(100_000)},"page":"/"}`;
      const response = await send({
        method: "POST",
        url: "/api/v1/feedback",
        payload: body,
        headers: JSON_TYPE,
      });
      expect(restRefusal(response)).toEqual({
        status: 400,
        detail: [`The JSON body is nested more than ${JSON_MAX_DEPTH} levels deep.`],
      });
      expect(await app.deps.db.select().from(feedback).where(eq(feedback.userId, user.id))).toEqual([]);
    });

    it("JSON within the depth limit is read as before", async () => {
      // The body object and `variables` are two of the levels.
      const nested = JSON.parse(deep(JSON_MAX_DEPTH - 2));
      const response = await graphql({ query: "{ me { id } }", variables: { a: nested } });
      expect(response.statusCode).toBe(200);
    });
  });

  describe("NUL characters, lone surrogates, invalid UTF-8, overlong text: refused at the door", () => {
    it("finds NUL and lone surrogates in values and keys, however nested", () => {
      expect(textProblem({ a: [{ b: "x\u0000" }] })).toBe(NUL_MESSAGE);
      expect(textProblem({ "k\u0000": 1 })).toBe(NUL_MESSAGE);
      expect(textProblem(["\ud800x"])).toBe(ILL_FORMED_MESSAGE);
      expect(textProblem(["\udc00"])).toBe(ILL_FORMED_MESSAGE);
      expect(textProblem({ a: "😀 ok", b: ["\ud83d\ude00"] })).toBeNull();
      expect(textProblem({ a: "x".repeat(11) }, 10)).toMatch(/longer than 10 characters/);
    });

    it("a NUL byte in a renameSandbox title (variable): 400, the title unchanged (it reached the database)", async () => {
      expect(
        refusal(await graphql({ query: RENAME, variables: { id: sandboxId, title: "a\u0000b" } })),
      ).toEqual({
        status: 400,
        messages: [NUL_MESSAGE],
      });
      await titleUnchanged();
    });

    it("a NUL in a GraphQL string literal: 400, the title unchanged", async () => {
      const query = `mutation { renameSandbox(id: "${sandboxId}", title: "a\\u0000b") { id } }`;
      expect(refusal(await graphql({ query }))).toMatchObject({ status: 400, messages: [NUL_MESSAGE] });
      await titleUnchanged();
    });

    it("a NUL in GET variables: 400", async () => {
      const query = encodeURIComponent("query($id: ID!) { sandbox(sandboxId: $id) { id } }");
      const variables = encodeURIComponent(JSON.stringify({ id: "a\u0000b" }));
      const response = await send({
        method: "GET",
        url: `/api/graphql?query=${query}&variables=${variables}`,
      });
      expect(refusal(response)).toEqual({ status: 400, messages: [NUL_MESSAGE] });
    });

    it("a lone surrogate in a title: 400, the title unchanged (it was stored as U+FFFD)", async () => {
      const body = `{"query":${JSON.stringify(RENAME)},"variables":{"id":"${sandboxId}","title":"a\\ud800b"}}`;
      expect(refusal(await graphql(body, JSON_TYPE))).toEqual({
        status: 400,
        messages: [ILL_FORMED_MESSAGE],
      });
      await titleUnchanged();
    });

    it("a body that is not valid UTF-8: 400, the title unchanged (its bytes were replaced)", async () => {
      const body = Buffer.concat([
        Buffer.from(`{"query":${JSON.stringify(RENAME)},"variables":{"id":"${sandboxId}","title":"a`),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('"}}'),
      ]);
      expect(refusal(await graphql(body, JSON_TYPE))).toEqual({
        status: 400,
        messages: ["The body is not valid UTF-8."],
      });
      await titleUnchanged();
    });

    it("a GraphQL string longer than 10,000 characters: 400", async () => {
      const response = await graphql({
        query: RENAME,
        variables: { id: sandboxId, title: "x".repeat(10_001) },
      });
      expect(refusal(response)).toEqual({
        status: 400,
        messages: ["A text of the request is longer than 10,000 characters."],
      });
      await titleUnchanged();
    });

    it("a NUL byte in a REST JSON body: 400, nothing saved (a 500 from the database before)", async () => {
      const response = await send({
        method: "POST",
        url: "/api/v1/feedback",
        payload: { text: "a\u0000b", page: "/" },
      });
      expect(restRefusal(response)).toEqual({ status: 400, detail: [NUL_MESSAGE] });
      expect(await app.deps.db.select().from(feedback).where(eq(feedback.userId, user.id))).toEqual([]);
    });

    it("a NUL in a form body, a query string, a path parameter: 400", async () => {
      const form = await send({
        method: "POST",
        url: "/api/v1/feedback",
        payload: "text=a%00b&page=x",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(restRefusal(form)).toEqual({ status: 400, detail: [NUL_MESSAGE] });
      const search = await send({
        method: "GET",
        url: `/api/v1/teams/${user.primaryTeamId}/search?query=a%00b`,
      });
      expect(restRefusal(search)).toEqual({ status: 400, detail: [NUL_MESSAGE] });
      const param = await send({ method: "GET", url: "/api/v1/sandboxes/a%00b" });
      expect(restRefusal(param)).toEqual({ status: 400, detail: [NUL_MESSAGE] });
      expect(await app.deps.db.select().from(feedback).where(eq(feedback.userId, user.id))).toEqual([]);
    });

    it("a REST query string parameter repeated (read as an array): 4xx with a message", async () => {
      const response = await send({
        method: "GET",
        url: `/api/v1/teams/${user.primaryTeamId}/search?query=a&query=b`,
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      const { errors } = response.json() as { errors: Record<string, string[]> };
      expect(Object.values(errors).flat()[0]).toBeTruthy();
    });

    it("a URL that cannot be decoded: 400 in the API's error shape", async () => {
      const response = await send({ method: "GET", url: "/api/v1/sandboxes/%E0%A4%A" });
      expect(response.statusCode).toBe(400);
      expect(restRefusal(response).detail?.[0]).toMatch(/not a valid url component/);
    });

    it("a REST body that is not an object, or of a type the route does not read: 4xx", async () => {
      for (const [payload, type] of [
        ["123", "application/json"],
        ["{", "application/json"],
        ["<a/>", "application/xml"],
        ['{"__proto__":{"x":1},"text":"a"}', "application/json"],
      ] as const) {
        const response = await send({
          method: "POST",
          url: "/api/v1/feedback",
          payload,
          headers: { "content-type": type },
        });
        expect(response.statusCode, payload).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, payload).toBeLessThan(500);
        expect(restRefusal(response).detail?.[0], `${payload} ${response.body}`).toBeTruthy();
      }
      expect(await app.deps.db.select().from(feedback).where(eq(feedback.userId, user.id))).toEqual([]);
    });

    it("text with emoji and accents still goes through", async () => {
      const response = await graphql({ query: RENAME, variables: { id: sandboxId, title: "Café 😀" } });
      expect(response.json()).toEqual({ data: { renameSandbox: { id: sandboxId, title: "Café 😀" } } });
      await graphql({ query: RENAME, variables: { id: sandboxId, title: "Before" } });
    });
  });
});
