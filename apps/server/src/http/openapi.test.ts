import { Validator } from "@seriousme/openapi-schema-validator";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../test/app.ts";
import { API_TAGS, OPENAPI_PATH } from "./openapi.ts";

type Operation = {
  summary?: string;
  tags?: string[];
  parameters?: { in: string; name: string; required?: boolean; schema?: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
};
type Document = {
  openapi: string;
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, Operation>>;
};

let app: TestApp;
let doc: Document;
beforeAll(async () => {
  app = await testApp();
  const response = await app.inject({ url: OPENAPI_PATH });
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toMatch(/^application\/json/);
  doc = response.json();
});

/** `/api/v1/users/:username` as OpenAPI writes it, `/api/v1/users/{username}`; a last `*` is named too. */
function openApiPath(url: string) {
  const path = url.replace(/:(\w+)/g, "{$1}");
  if (!path.endsWith("*")) return path;
  const prefix = path.slice(0, -1);
  return (
    Object.keys(doc.paths).find((p) => p.startsWith(prefix) && /^\{\w+\}$/.test(p.slice(prefix.length))) ??
    path
  );
}

describe("GET /api/v1/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document that names the GraphQL schema's address", async () => {
    const checked = await new Validator().validate(doc as never);
    expect(checked.errors).toBeUndefined();
    expect(checked.valid).toBe(true);
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.title).toBe("Boxyard REST API");
    expect(doc.info.description).toContain("/api/graphql/schema.graphql");
  });

  it("lists every registered route, each with an area, a summary and its path parameters", () => {
    const routes = app.routeIndex;
    expect(routes.length).toBeGreaterThan(90);
    const missing: string[] = [];
    for (const { method, url } of routes) {
      const path = openApiPath(url);
      const operation = doc.paths[path]?.[method.toLowerCase()];
      if (!operation) {
        missing.push(`${method} ${url}`);
        continue;
      }
      expect(operation.summary, `${method} ${url}`).toEqual(expect.any(String));
      expect(Object.values(API_TAGS), `${method} ${url}`).toContain(operation.tags?.[0]);
      const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const declared = (operation.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name);
      expect(declared.sort(), `${method} ${url}`).toEqual(params.sort());
    }
    expect(missing).toEqual([]);
  });

  it("documents input with the commands' schemas, in the snake_case clients send", () => {
    const checkout = doc.paths["/api/v1/checkout"]!.post!;
    const body = checkout.requestBody!.content["application/json"]!.schema as {
      properties: Record<string, { type?: string }>;
      required: string[];
    };
    expect(body.properties.team_id).toMatchObject({ type: "string" });
    expect(body.properties.spending_limit).toBeDefined();
    expect(body.required).toContain("team_id");
    expect(body.properties).not.toHaveProperty("teamId");

    const profile = doc.paths["/api/v1/users/{username}/sandboxes"]!.get!;
    const query = (profile.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
    expect(query).toEqual(expect.arrayContaining(["sort_by", "direction", "page"]));
  });

  it("is public and answers the same document every time", async () => {
    const again = await app.inject({ url: OPENAPI_PATH, headers: { "x-boxyard-client": "web" } });
    expect(again.json()).toEqual(doc);
  });
});
