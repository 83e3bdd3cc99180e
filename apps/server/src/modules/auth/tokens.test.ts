import { beforeAll, describe, expect, it } from "vitest";
import { CLIENT, type TestApp, testApp } from "../../../test/app.ts";
import { signUp, type TestUser } from "../../../test/factories.ts";
import { verifySocketJwt } from "./socket-jwt.ts";

let app: TestApp;
let ada: TestUser;
beforeAll(async () => {
  app = await testApp();
  ada = await signUp(app);
});

describe("developer sign-in and API tokens", () => {
  it("S2-2.005 / S2-7.002 / an auth code is exchanged once for a bearer token that authenticates", async () => {
    const code = (
      await app.inject({ url: "/api/v1/auth/auth-token", headers: { cookie: ada.cookie } })
    ).json().token;
    expect(code).toEqual(expect.any(String));
    const verified = await app.inject({ url: `/api/v1/auth/verify/${code}` });
    expect(verified.statusCode).toBe(200);
    const { token } = verified.json();
    const me = await app.inject({
      url: "/api/v1/users/current",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json().id).toBe(ada.id);

    const replay = await app.inject({ url: `/api/v1/auth/verify/${code}` });
    expect(replay.statusCode).toBe(422);
    expect(replay.json()).toEqual({ errors: { detail: ["The auth code is invalid or has expired."] } });
  });

  it("S1-7.002 / a revoked token no longer authenticates; bearer requests need no client marker", async () => {
    const code = (
      await app.inject({ url: "/api/v1/auth/auth-token", headers: { cookie: ada.cookie } })
    ).json().token;
    const { token } = (await app.inject({ url: `/api/v1/auth/verify/${code}` })).json();
    const bearer = { authorization: `Bearer ${token}` };
    const created = await app.inject({
      method: "POST",
      url: "/api/graphql",
      headers: bearer,
      payload: { query: 'mutation { createTeam(name: "From the CLI") { name } }' },
    });
    expect(created.json().data.createTeam.name).toBe("From the CLI");
    const revoked = await app.inject({
      method: "DELETE",
      url: `/api/v1/auth/revoke/${token}`,
      headers: bearer,
    });
    expect(revoked.statusCode).toBe(204);
    expect((await app.inject({ url: "/api/v1/users/current", headers: bearer })).statusCode).toBe(401);
  });

  it("S1-7.002 / the socket JWT is short-lived and names the user; signed-out visitors get 401", async () => {
    const response = await app.inject({ url: "/api/v1/auth/jwt", headers: { cookie: ada.cookie } });
    const { jwt } = response.json();
    expect(await verifySocketJwt(app.deps.secret, jwt)).toBe(ada.id);
    expect(await verifySocketJwt(app.deps.secret, `${jwt}x`)).toBeNull();
    const sse = await app.inject({
      method: "POST",
      url: "/api/v1/users/current_user/sse",
      headers: ada.headers,
    });
    expect(sse.json().jwt).toEqual(expect.any(String));
    expect((await app.inject({ url: "/api/v1/auth/jwt" })).statusCode).toBe(401);
    expect((await app.inject({ url: "/api/v1/auth/auth-token" })).statusCode).toBe(401);
  });

  it("S1-7.017 / S1-3.033 / GET /api/meta/features says which sign-in providers are on", async () => {
    const features = (await app.inject({ url: "/api/meta/features" })).json();
    expect(features).toEqual({
      loginWithApple: false,
      loginWithGithub: false,
      loginWithGoogle: false,
      loginWithWorkos: false,
      loginWithPassword: true,
      onPremise: false,
      // The browser preview's origin (issue 16): the other loopback name, so no cookie reaches it.
      previewUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
    });
    expect((await app.inject({ url: "/api/v1/meta/features" })).json()).toEqual(features);
  });

  it("S1-7.002 / signed-out visitors get 401 from every route that needs a user; a revoked or unknown code or token changes nothing", async () => {
    const asked = [
      { method: "GET", url: "/api/v1/users/current" },
      { method: "POST", url: "/api/v1/users/survey-seen", payload: {} },
      { method: "POST", url: "/api/v1/users/current_user/sse" },
      { method: "GET", url: "/api/v1/auth/jwt" },
      { method: "GET", url: "/api/v1/auth/auth-token" },
    ] as const;
    for (const request of asked) {
      const response = await app.inject({ ...request, headers: CLIENT });
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(401);
    }
    const unknown = await app.inject({ url: "/api/v1/auth/verify/not-a-code" });
    expect(unknown.statusCode).toBeGreaterThanOrEqual(400);
    expect(unknown.json()).toEqual({ errors: { detail: [expect.any(String)] } });
    const revokeUnknown = await app.inject({ method: "DELETE", url: "/api/v1/auth/revoke/not-a-token" });
    expect(revokeUnknown.statusCode).toBeLessThan(500);
    const me = await app.inject({ url: "/api/v1/users/current", headers: { cookie: ada.cookie } });
    expect(me.statusCode).toBe(200);
  });

  it("S1-7.005 / survey-seen is recorded for the signed-in user", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/v1/users/survey-seen",
      headers: ada.headers,
      payload: {},
    });
    expect(response.statusCode).toBe(204);
    void CLIENT;
  });
});
