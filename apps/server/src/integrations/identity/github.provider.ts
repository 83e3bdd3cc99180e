import { CodeChallengeMethod, OAuth2Client, OAuth2RequestError } from "arctic";
import { randomNonce, randomPKCECodeVerifier, randomState } from "openid-client";
import { octokitFor } from "../codehost/github.adapter.ts";
import type { AuthorizationState, IdentityProvider, ProviderProfile } from "./identity.port.ts";
import { SignInError } from "./identity.port.ts";

export type GithubSettings = {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  apiUrl: string;
  apiTimeoutMs: number;
};

/** GitHub (or GitHub Enterprise: every URL is configurable) through OAuth 2. */
export class GithubProvider implements IdentityProvider {
  readonly id = "github" as const;
  private readonly client: OAuth2Client;

  constructor(
    private readonly settings: GithubSettings,
    redirectUri: string,
  ) {
    this.client = new OAuth2Client(settings.clientId, settings.clientSecret, redirectUri);
  }

  async authorize(options: { scope?: string }) {
    const state: AuthorizationState = {
      provider: this.id,
      state: randomState(),
      codeVerifier: randomPKCECodeVerifier(),
      nonce: randomNonce(),
    };
    const scopes = new Set(["user:email"]);
    for (const scope of (options.scope ?? "").split(/[\s,]+/))
      if (/^[a-z:_]+$/.test(scope)) scopes.add(scope);
    // PKCE (S256): a code caught on its way back is worth nothing without the verifier kept in the state cookie.
    const url = this.client.createAuthorizationURLWithPKCE(
      this.settings.authorizeUrl,
      state.state,
      CodeChallengeMethod.S256,
      state.codeVerifier,
      [...scopes],
    );
    return { url, state };
  }

  async complete(callback: URL | Request, state: AuthorizationState): Promise<ProviderProfile> {
    const url = callback instanceof URL ? callback : new URL(callback.url);
    const code = url.searchParams.get("code");
    if (url.searchParams.get("error"))
      throw new SignInError(url.searchParams.get("error_description") ?? "Denied");
    if (!code || url.searchParams.get("state") !== state.state)
      throw new SignInError("The sign-in state does not match.");
    let accessToken: string;
    let grantedScopes: string[];
    try {
      const tokens = await this.client.validateAuthorizationCode(
        this.settings.tokenUrl,
        code,
        state.codeVerifier,
      );
      // GitHub answers a refused code (bad_verification_code, ...) with status 200 and an error body.
      const data = tokens.data as { error?: unknown; error_description?: unknown; scope?: string };
      if (typeof data.error === "string")
        throw new OAuth2RequestError(data.error, describeField(data.error_description), null, null);
      accessToken = tokens.accessToken();
      grantedScopes = (data.scope ?? "").split(/[\s,]+/).filter(Boolean);
    } catch (error) {
      const reason =
        error instanceof OAuth2RequestError ? (error.description ?? error.code) : (error as Error).message;
      throw new SignInError(`GitHub refused the sign-in code: ${reason}`);
    }
    const octokit = octokitFor(
      { apiUrl: this.settings.apiUrl, timeoutMs: this.settings.apiTimeoutMs },
      accessToken,
    );
    const { data: user } = await signInCall("/user", octokit.rest.users.getAuthenticated());
    let email = user.email;
    if (!email) {
      const { data: emails } = await signInCall(
        "/user/emails",
        octokit.rest.users.listEmailsForAuthenticatedUser(),
      );
      email =
        emails.find((e) => e.primary && e.verified)?.email ?? emails.find((e) => e.verified)?.email ?? null;
    }
    if (!email) throw new SignInError("Your GitHub account has no verified e-mail address.");
    return {
      provider: this.id,
      providerUserId: String(user.id),
      email,
      // A public profile address can only be one of the account's verified addresses.
      emailVerified: true,
      name: user.name,
      avatarUrl: user.avatar_url,
      login: user.login,
      accessToken,
      scopes: grantedScopes,
    };
  }
}

/** A request of the sign-in: GitHub's refusal becomes the sign-in's error, as one it answered. */
async function signInCall<T>(path: string, request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    const status = (error as { response?: { status?: number } }).response?.status;
    if (status === undefined) throw error;
    throw new SignInError(`GitHub answered ${status} to ${path}.`);
  }
}

const describeField = (value: unknown) => (typeof value === "string" && value ? value : null);
