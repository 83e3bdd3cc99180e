import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { answer, GraphQLAnswerError } from "../test/graphql-handlers.ts";
import { server } from "../test/server.ts";
import { ApiError, GraphQLRequestError } from "./errors.ts";
import { graphql, request } from "./graphql.ts";
import { rest, unwrapData } from "./rest.ts";

describe("REST transport", () => {
  it("S1-7.001 / sends the client marker, same-origin credentials and snake_case bodies", async () => {
    const sent: Request[] = [];
    server.use(
      http.post("/api/v1/users/finalize", ({ request }) => {
        sent.push(request.clone());
        return HttpResponse.json({ data: { primaryTeamId: "t1" } });
      }),
    );
    const answer = await rest.post<{ primaryTeamId: string }>("/api/v1/users/finalize", {
      companyName: "Acme",
      nested: { companySize: "1-10", list: [{ roleName: "x" }] },
    });
    expect(answer).toEqual({ primaryTeamId: "t1" });
    const [call] = sent;
    expect(call!.headers.get("x-boxyard-client")).toBe("web");
    expect(call!.credentials).toBe("same-origin");
    expect(await call!.json()).toEqual({
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
    server.use(
      http.get("/api/v1/users/current", () =>
        HttpResponse.json({ errors: { detail: ["Unauthorized"] } }, { status: 401 }),
      ),
    );
    const error = await rest.get("/api/v1/users/current").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
  });

  it("S1-8.007 / a failed fetch becomes 'Network Error: {detail}'", async () => {
    server.use(http.get("/api/meta/features", () => HttpResponse.error()));
    await expect(rest.get("/api/meta/features")).rejects.toThrow(/^Network Error: /);
  });
});

const CREATE_TEAM = graphql(`mutation CreateTeam($name: String!) { createTeam(name: $name) { id name } }`);
const ALL_TEAM_IDS = graphql(`query AllTeamIds { me { id } }`);

describe("GraphQL transport", () => {
  it("S1-7.024 / posts {operationName, query, variables} to /api/graphql", async () => {
    const sent: Request[] = [];
    server.use(
      http.post("/api/graphql", ({ request }) => {
        sent.push(request.clone());
        return HttpResponse.json({ data: { createTeam: { id: "t", name: "A" } } });
      }),
    );
    const data = await request(CREATE_TEAM, { name: "A" });
    expect(data).toEqual({ createTeam: { id: "t", name: "A" } });
    const body = await sent[0]!.json();
    expect(body).toEqual({
      operationName: "CreateTeam",
      query: expect.any(String),
      variables: { name: "A" },
    });
    expect(body.query.replace(/\s+/g, " ")).toBe(
      "mutation CreateTeam($name: String!) { createTeam(name: $name) { id name } }",
    );
    expect(sent[0]!.headers.get("x-boxyard-client")).toBe("web");
  });

  it("S1-8.007 / GraphQL errors reject with the server message", async () => {
    server.use(
      answer(ALL_TEAM_IDS, () => {
        throw new GraphQLAnswerError("Not allowed");
      }),
    );
    const error = await request(ALL_TEAM_IDS).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GraphQLRequestError);
    expect((error as Error).message).toBe("Not allowed");
  });
});
