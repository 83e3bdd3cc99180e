import { afterEach, describe, expect, it } from "vitest";
import { json, mockFetch } from "../test/render.tsx";
import { ApiError, GraphQLRequestError } from "./errors.ts";
import { graphql } from "./graphql.ts";
import { rest, unwrapData } from "./rest.ts";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe("REST transport", () => {
  it("S1-7.001 / sends the client marker, same-origin credentials and snake_case bodies", async () => {
    const calls = mockFetch({ "POST /api/v1/users/finalize": () => json({ data: { primaryTeamId: "t1" } }) });
    const answer = await rest.post<{ primaryTeamId: string }>("/api/v1/users/finalize", {
      companyName: "Acme",
      nested: { companySize: "1-10", list: [{ roleName: "x" }] },
    });
    expect(answer).toEqual({ primaryTeamId: "t1" });
    const [call] = calls;
    const headers = call!.init!.headers as Record<string, string>;
    expect(headers["x-boxyard-client"]).toBe("web");
    expect(call!.init!.credentials).toBe("same-origin");
    expect(JSON.parse(call!.init!.body as string)).toEqual({
      company_name: "Acme",
      nested: { company_size: "1-10", list: [{ role_name: "x" }] },
    });
  });

  it("S1-7.001 / unwraps a top-level data key and leaves other answers alone", () => {
    expect(unwrapData({ data: [1] })).toEqual([1]);
    expect(unwrapData([{ sandboxes: [] }])).toEqual([{ sandboxes: [] }]);
    expect(unwrapData({ token: "x" })).toEqual({ token: "x" });
  });

  it("S1-8.001 / turns an error answer into an ApiError with status and body", async () => {
    mockFetch({ "GET /api/v1/users/current": () => json({ errors: { detail: ["Unauthorized"] } }, 401) });
    const error = await rest.get("/api/v1/users/current").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
  });

  it("S1-8.007 / a failed fetch becomes 'Network Error: {detail}'", async () => {
    globalThis.fetch = (() => Promise.reject(new TypeError("Failed to fetch"))) as typeof fetch;
    await expect(rest.get("/api/meta/features")).rejects.toThrow("Network Error: Failed to fetch");
  });
});

describe("GraphQL transport", () => {
  it("S1-7.024 / posts {operationName, query, variables} to /api/graphql", async () => {
    const calls = mockFetch({
      "POST /api/graphql": () => json({ data: { createTeam: { id: "t", name: "A" } } }),
    });
    const data = await graphql("CreateTeam", "mutation CreateTeam($name: String!) { x }", { name: "A" });
    expect(data).toEqual({ createTeam: { id: "t", name: "A" } });
    expect(JSON.parse(calls[0]!.init!.body as string)).toEqual({
      operationName: "CreateTeam",
      query: "mutation CreateTeam($name: String!) { x }",
      variables: { name: "A" },
    });
    expect((calls[0]!.init!.headers as Record<string, string>)["x-boxyard-client"]).toBe("web");
  });

  it("S1-8.007 / GraphQL errors reject with the server message", async () => {
    mockFetch({
      "POST /api/graphql": () => json({ data: null, errors: [{ message: "Not allowed", path: ["me"] }] }),
    });
    const error = await graphql("AllTeams", "query AllTeams { me { id } }").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GraphQLRequestError);
    expect((error as Error).message).toBe("Not allowed");
  });
});
