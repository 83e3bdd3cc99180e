import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GithubStandIn, startGithubStandIn } from "../../../test/standins/github.ts";
import { GithubProvider } from "./github.provider.ts";
import { SignInError } from "./identity.port.ts";

const CALLBACK = "http://localhost:3000/auth/github/callback";

let github: GithubStandIn;
let provider: GithubProvider;
const settings = () => ({
  clientId: github.clientId,
  clientSecret: github.clientSecret,
  authorizeUrl: github.env.GITHUB_AUTHORIZE_URL!,
  tokenUrl: github.env.GITHUB_TOKEN_URL!,
  apiUrl: github.env.GITHUB_API_URL!,
  apiTimeoutMs: 10_000,
});
beforeAll(async () => {
  github = await startGithubStandIn();
  provider = new GithubProvider(settings(), CALLBACK);
});
afterAll(() => github?.close());

/** The stand-in's answer to an authorization URL: where it sends the browser back. */
async function approve(url: URL): Promise<URL> {
  const response = await fetch(url, { redirect: "manual" });
  expect(response.status).toBe(302);
  return new URL(response.headers.get("location")!);
}

describe("GitHub sign-in with PKCE", () => {
  it("S1-7.018 / the authorization URL carries the S256 challenge of the verifier kept in the state, and the code is exchanged with that verifier", async () => {
    const { url, state } = await provider.authorize({});
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toBe(
      createHash("sha256").update(state.codeVerifier).digest("base64url"),
    );
    const profile = await provider.complete(await approve(url), state);
    expect(profile).toMatchObject({ provider: "github", login: "octo-ada", email: "ada@octo.test" });
  });

  it("S1-7.018 / a code caught on its way back is refused without the verifier it was asked for with", async () => {
    const { url, state } = await provider.authorize({});
    const back = await approve(url);
    // Someone else's state (another verifier) with the caught code and its state value.
    const theirs = (await provider.authorize({})).state;
    await expect(provider.complete(back, { ...theirs, state: state.state })).rejects.toThrow(SignInError);
    // The code is spent by the refused attempt, as GitHub does.
    await expect(provider.complete(back, state)).rejects.toThrow(/incorrect or expired/);
  });

  it("GitHub refusing the profile request fails the sign-in with its status; one that does not answer, within the API timeout", async () => {
    const refused = await provider.authorize({});
    github.repos.fail("GET /user", { status: 503 });
    await expect(provider.complete(await approve(refused.url), refused.state)).rejects.toThrow(
      new SignInError("GitHub answered 503 to /user."),
    );
    const impatient = new GithubProvider({ ...settings(), apiTimeoutMs: 200 }, CALLBACK);
    const { url, state } = await impatient.authorize({});
    const back = await approve(url);
    github.repos.fail("GET /user", { hang: true });
    const started = Date.now();
    await expect(impatient.complete(back, state)).rejects.toThrow(/timeout/i);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("the stand-in holds clients to PKCE: an authorization without a challenge, or with the plain method, is refused", async () => {
    const { url } = await provider.authorize({});
    const without = new URL(url);
    without.searchParams.delete("code_challenge");
    without.searchParams.delete("code_challenge_method");
    expect((await fetch(without, { redirect: "manual" })).status).toBe(400);
    const plain = new URL(url);
    plain.searchParams.set("code_challenge_method", "plain");
    expect((await fetch(plain, { redirect: "manual" })).status).toBe(400);
  });
});
