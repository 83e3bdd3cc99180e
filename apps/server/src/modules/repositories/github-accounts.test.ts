/**
 * The viewer's GitHub account as the import dialog reads it (spec 2 §2.4, §3, §6, §7, §8; spec 1 §6
 * restricted scopes; api-contract §9, §13), the integration's removal, and how sign-in keeps the
 * token (encrypted at rest, refreshed on re-authorisation, linked to a signed-in account).
 */
import { CODEHOST_MESSAGES, restrictedScopes } from "@boxyard/domain";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/app.ts";
import { CLIENT } from "../../../test/app.ts";
import { cookieJar, gql, signUp, type TestUser, unique } from "../../../test/factories.ts";
import { providerBrowser } from "../../../test/standins/browser.ts";
import type { GithubStandIn } from "../../../test/standins/github.ts";
import { identities } from "../../db/schema/index.ts";
import { isSealed, openToken } from "../../integrations/codehost/token-seal.ts";
import { type Connected, codeHostApp, connectGithub, OPS, outcome } from "./testing.ts";

let app: TestApp;
let github: GithubStandIn;
let me: TestUser;
let mine: Connected;
let org: string;

type Repo = {
  name: string;
  fullName: string;
  private: boolean;
  authorization: string;
  pushedAt: string;
  owner: { login: string };
};

const at = (minutes: number) => new Date(Date.UTC(2024, 0, 1, 0, minutes)).toISOString();

beforeAll(async () => {
  ({ app, github } = await codeHostApp({ BOXYARD_PUBLIC_URL: "http://localhost:3000" }));
  me = await signUp(app);
  mine = await connectGithub(app, github, me, ["user:email", "repo", "read:org"]);
  for (let i = 0; i < 12; i++) {
    await github.repos.createRepository({
      owner: mine.login,
      name: `own-${String(i).padStart(2, "0")}`,
      pushedAt: at(i),
      private: i === 11,
    });
  }
  org = unique("org-");
  github.repos.organization(org, [mine.login]);
  await github.repos.createRepository({ owner: org, name: "org-read", pushedAt: at(50), collaborators: {} });
  const upstreamOwner = unique("upstream-");
  await github.repos.createRepository({ owner: upstreamOwner, name: "readonly", pushedAt: at(60) });
});

describe("me.githubProfile and githubOrganizations", () => {
  it("S2-7.020 / GetGithubAccounts: the connected account and its organizations", async () => {
    const r = await gql<{
      me: {
        githubProfile: { id: string; login: string };
        githubOrganizations: { id: string; login: string }[];
      };
    }>(app, me, OPS.githubAccounts);
    expect(r.errors).toBeUndefined();
    expect(r.data!.me.githubProfile).toEqual({ id: String(mine.githubId), login: mine.login });
    expect(r.data!.me.githubOrganizations.map((o) => o.login)).toEqual([org]);
  });

  it("S2-2.022 / S2-8.003 / without GitHub connected there is no profile and no organization ('No organizations found')", async () => {
    const someone = await signUp(app);
    const r = await gql(app, someone, OPS.githubAccounts);
    expect(r).toEqual({ data: { me: { id: someone.id, githubProfile: null, githubOrganizations: [] } } });
    const repos = await gql(app, someone, OPS.partialAccountRepos);
    expect(repos).toEqual({ data: { me: { id: someone.id, githubRepos: [] } } });
  });
});

describe("repository lists", () => {
  it("S1-9.001 / S1-7.028 / the account's repositories, 10 a page for the partial list, all of them otherwise, latest pushed first", async () => {
    const partial = await gql<{ me: { githubRepos: Repo[] } }>(app, me, OPS.partialAccountRepos);
    expect(partial.errors).toBeUndefined();
    expect(partial.data!.me.githubRepos.map((r) => r.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `own-${String(11 - i).padStart(2, "0")}`),
    );
    expect(partial.data!.me.githubRepos[0]).toMatchObject({
      fullName: `${mine.login}/own-11`,
      private: true,
      authorization: "WRITE",
      pushedAt: at(11),
      owner: { login: mine.login },
    });
    const full = await gql<{ me: { githubRepos: Repo[] } }>(app, me, OPS.fullAccountRepos);
    expect(full.data!.me.githubRepos).toHaveLength(12);
    const bad = await gql(app, me, `query { me { id githubRepos(perPage: 500) { id } } }`);
    expect(outcome(bad)).toEqual({ code: "INVALID", message: "perPage must be from 1 to 100." });
  });

  it("S1-7.028 / an organization's repositories, partial and full; an unknown organization is not found", async () => {
    const partial = await gql<{ githubOrganizationRepos: Repo[] }>(app, me, OPS.partialOrgRepos, {
      organization: org,
    });
    expect(partial.errors).toBeUndefined();
    expect(partial.data!.githubOrganizationRepos.map((r) => r.fullName)).toEqual([`${org}/org-read`]);
    const full = await gql<{ githubOrganizationRepos: Repo[] }>(app, me, OPS.fullOrgRepos, {
      organization: org,
    });
    expect(full.data!.githubOrganizationRepos).toHaveLength(1);
    expect(outcome(await gql(app, me, OPS.fullOrgRepos, { organization: unique("nowhere-") }))).toEqual({
      code: "NOT_FOUND",
      message: CODEHOST_MESSAGES.organizationNotFound,
    });
  });

  it("S1-6.012 / S1-2.047 / with only public_repo the private repositories are out of the lists: private is restricted, public is not", async () => {
    const limited = await signUp(app);
    const login = unique("limited-");
    await github.repos.createRepository({ owner: login, name: "visible" });
    await github.repos.createRepository({ owner: login, name: "hidden", private: true });
    const scopes = ["user:email", "public_repo"];
    await connectGithub(app, github, limited, scopes, login);
    const r = await gql<{ me: { githubRepos: Repo[] } }>(app, limited, OPS.fullAccountRepos);
    expect(r.data!.me.githubRepos.map((x) => x.name)).toEqual(["visible"]);
    const current = (
      await app.inject({ url: "/api/v1/users/current", headers: { cookie: limited.cookie } })
    ).json();
    expect(current.githubProfile).toEqual({ data: { login, email: `${login}@octo.test`, scopes } });
    expect(restrictedScopes(current.githubProfile.data.scopes)).toEqual({
      publicRepositories: false,
      privateRepositories: true,
    });
  });

  it("S2-6.008 / S2-2.020 / GetGithubRepo: WRITE where the account may push, READ where it may only fork, with the App's state", async () => {
    const own = await gql<{ githubRepo: Repo & { appInstalled: boolean } }>(app, me, OPS.githubRepo, {
      owner: mine.login,
      name: "own-00",
    });
    expect(own.data!.githubRepo).toMatchObject({
      authorization: "WRITE",
      appInstalled: true,
      name: "own-00",
    });
    const foreign = [...github.repos.repos.values()].find((r) => r.name === "readonly")!;
    const read = await gql<{ githubRepo: Repo }>(app, me, OPS.githubRepo, {
      owner: foreign.owner,
      name: "readonly",
    });
    expect(read.data!.githubRepo.authorization).toBe("READ");
    const missing = await gql(app, me, OPS.githubRepo, { owner: mine.login, name: "nope" });
    expect(outcome(missing)).toEqual({ code: "NOT_FOUND", message: CODEHOST_MESSAGES.repositoryNotFound });
    expect(missing.errors![0]).toMatchObject({ path: ["githubRepo"] });
  });

  it("S2-2.022 / signed out, or without GitHub connected, the code-host queries refuse", async () => {
    expect(
      outcome(await gql(app, null, OPS.githubRepo, { owner: mine.login, name: "own-00" })),
    ).toMatchObject({
      code: "UNAUTHENTICATED",
    });
    expect(outcome(await gql(app, null, OPS.fullOrgRepos, { organization: org }))).toMatchObject({
      code: "UNAUTHENTICATED",
    });
    const someone = await signUp(app);
    expect(outcome(await gql(app, someone, OPS.githubRepo, { owner: mine.login, name: "own-00" }))).toEqual({
      code: "FORBIDDEN",
      message: CODEHOST_MESSAGES.notConnected,
    });
    expect(outcome(await gql(app, someone, OPS.fullOrgRepos, { organization: org }))).toEqual({
      code: "FORBIDDEN",
      message: CODEHOST_MESSAGES.notConnected,
    });
  });
});

describe("removing the integration", () => {
  it("S2-7.006 / S2-6.009 / DELETE /api/v1/users/current_user/integrations/github forgets and revokes the token", async () => {
    const leaving = await signUp(app);
    const connected = await connectGithub(app, github, leaving);
    expect(github.tokenIsValid(connected.token)).toBe(true);
    const unmarked = await app.inject({
      method: "DELETE",
      url: "/api/v1/users/current_user/integrations/github",
      headers: { cookie: leaving.cookie },
    });
    expect(unmarked.statusCode).toBe(403);
    const response = await app.inject({
      method: "DELETE",
      url: "/api/v1/users/current_user/integrations/github",
      headers: { ...CLIENT, cookie: leaving.cookie },
    });
    expect(response.statusCode).toBe(204);
    expect(github.tokenIsValid(connected.token)).toBe(false);
    const [identity] = await app.deps.db.select().from(identities).where(eq(identities.userId, leaving.id));
    expect(identity).toMatchObject({ accessToken: null, scopes: [] });
    const accounts = await gql(app, leaving, OPS.githubAccounts);
    expect(accounts).toEqual({
      data: { me: { id: leaving.id, githubProfile: null, githubOrganizations: [] } },
    });
    const current = (
      await app.inject({ url: "/api/v1/users/current", headers: { cookie: leaving.cookie } })
    ).json();
    expect(current).toMatchObject({
      integrations: { github: null },
      githubProfile: { error: CODEHOST_MESSAGES.notConnected },
    });
    // Removing it again, or without one, changes nothing; signed out it is refused.
    const again = await app.inject({
      method: "DELETE",
      url: "/api/v1/users/current_user/integrations/github",
      headers: { ...CLIENT, cookie: leaving.cookie },
    });
    expect(again.statusCode).toBe(204);
    const anonymous = await app.inject({
      method: "DELETE",
      url: "/api/v1/users/current_user/integrations/github",
      headers: CLIENT,
    });
    expect(anonymous.statusCode).toBe(401);
    // Other people's integrations are untouched.
    expect(github.tokenIsValid(mine.token)).toBe(true);
  });
});

describe("the token from signing in with GitHub", () => {
  /** The popup's round trip through the stand-in's OAuth app, with the browser's cookies. */
  async function popup(jar: ReturnType<typeof cookieJar>, scope: string) {
    const start = jar.take(
      await app.inject({ url: `/auth/github?version=2&scope=${scope}`, headers: { cookie: jar.header } }),
    );
    expect(start.statusCode, start.body).toBe(302);
    const back = await providerBrowser().visit(
      new URL(start.headers.location as string),
      "http://localhost:3000",
    );
    if (back.kind !== "redirect") throw new Error("expected a redirect back");
    const done = jar.take(
      await app.inject({ url: `${back.url.pathname}${back.url.search}`, headers: { cookie: jar.header } }),
    );
    const json = /<script id="auth-result" type="application\/json">([\s\S]*?)<\/script>/.exec(
      done.body,
    )![1]!;
    return { status: done.statusCode, result: JSON.parse(json) as { type: string; message?: string } };
  }

  it("S1-7.018 / a signed-in user connecting GitHub gets the integration, its token encrypted at rest; re-authorising refreshes the scopes", async () => {
    const local = await signUp(app);
    const jar = cookieJar();
    for (const part of local.cookie.split("; ")) {
      const [name, value] = part.split("=");
      jar.take({ cookies: [{ name: name!, value: value! }] } as never);
    }
    const login = unique("linked-");
    github.setNextUser({
      id: 880_001 + Math.floor(Math.random() * 1000),
      login,
      name: login,
      email: `${login}@octo.test`,
    });
    await github.repos.createRepository({ owner: login, name: "hidden", private: true });
    expect(await popup(jar, "public_repo")).toEqual({ status: 200, result: { type: "signin" } });
    const [identity] = await app.deps.db
      .select()
      .from(identities)
      .where(and(eq(identities.userId, local.id), eq(identities.provider, "github")));
    expect(identity!.scopes).toEqual(["user:email", "public_repo"]);
    expect(isSealed(identity!.accessToken!)).toBe(true);
    expect(identity!.accessToken).not.toMatch(/gho_/);
    const token = openToken(app.deps.tokenKey, identity!.accessToken)!;
    expect(github.tokenIsValid(token)).toBe(true);
    const before = await gql<{ me: { githubRepos: Repo[] } }>(app, local, OPS.fullAccountRepos);
    expect(before.data!.me.githubRepos).toEqual([]);

    // 'Authorise all repositories' on the permission strip: the popup again, with repo.
    expect(await popup(jar, "repo")).toEqual({ status: 200, result: { type: "signin" } });
    const [after] = await app.deps.db.select().from(identities).where(eq(identities.id, identity!.id));
    expect(after!.scopes).toEqual(["user:email", "repo"]);
    const repos = await gql<{ me: { githubRepos: Repo[] } }>(app, local, OPS.fullAccountRepos);
    expect(repos.data!.me.githubRepos.map((r) => r.name)).toEqual(["hidden"]);
  });

  it("S1-7.018 / a GitHub account connected to someone else cannot be connected to a second account", async () => {
    const other = await signUp(app);
    const jar = cookieJar();
    for (const part of other.cookie.split("; ")) {
      const [name, value] = part.split("=");
      jar.take({ cookies: [{ name: name!, value: value! }] } as never);
    }
    const taken = (await app.deps.db.select().from(identities).where(eq(identities.userId, me.id)))[0]!;
    github.setNextUser({
      id: Number(taken.providerUserId),
      login: taken.login!,
      name: null,
      email: taken.email,
    });
    expect(await popup(jar, "repo")).toEqual({
      status: 401,
      result: {
        type: "error",
        message: "This GitHub account is linked to another Boxyard account.",
      },
    });
    expect(await app.deps.db.select().from(identities).where(eq(identities.userId, other.id))).toEqual([]);
  });
});
