import * as oidc from "openid-client";
import type { AuthorizationState, IdentityProvider, ProviderId, ProviderProfile } from "./identity.port.ts";
import { SignInError } from "./identity.port.ts";

export type OidcSettings = {
  issuer: string;
  clientId: string;
  clientSecret?: string | undefined;
  /** Apple posts the callback as a form when names and e-mails are asked for. */
  formPost?: boolean;
  /** Single sign-on: the e-mail domains this provider is configured for; it vouches for addresses there. */
  domains?: string[];
};

/** Google, Apple and single sign-on: any OpenID Connect provider, found by discovery. */
export class OidcProvider implements IdentityProvider {
  private configuration: Promise<oidc.Configuration> | undefined;

  constructor(
    readonly id: ProviderId,
    private readonly settings: OidcSettings,
    private readonly redirectUri: string,
    private readonly allowInsecure: boolean,
    private readonly connection?: number,
  ) {}

  private config(): Promise<oidc.Configuration> {
    this.configuration ??= oidc
      .discovery(
        new URL(this.settings.issuer),
        this.settings.clientId,
        this.settings.clientSecret,
        this.settings.clientSecret ? clientSecretAuth(this.settings.clientSecret) : undefined,
        this.allowInsecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        this.configuration = undefined;
        throw new SignInError(`The identity provider could not be reached: ${(error as Error).message}`);
      });
    return this.configuration;
  }

  async authorize() {
    const config = await this.config();
    const state: AuthorizationState = {
      provider: this.id,
      state: oidc.randomState(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
      nonce: oidc.randomNonce(),
      ...(this.connection === undefined ? {} : { connection: this.connection }),
    };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      scope: "openid email profile",
      code_challenge: await oidc.calculatePKCECodeChallenge(state.codeVerifier),
      code_challenge_method: "S256",
      state: state.state,
      nonce: state.nonce,
      ...(this.settings.formPost ? { response_mode: "form_post" } : {}),
    });
    return { url, state };
  }

  async complete(callback: URL | Request, state: AuthorizationState): Promise<ProviderProfile> {
    const config = await this.config();
    let claims: Record<string, unknown> | undefined;
    let accessToken: string | null = null;
    try {
      const tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: state.codeVerifier,
        expectedState: state.state,
        expectedNonce: state.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
      accessToken = tokens.access_token ?? null;
      // OpenID Connect Core §5.4: with the code flow a provider may keep the e-mail and profile for
      // the userinfo endpoint instead of the ID token.
      if (claims && typeof claims.email !== "string" && accessToken) {
        const userinfo = await oidc.fetchUserInfo(config, accessToken, claims.sub as string);
        claims = { ...userinfo, ...claims };
      }
    } catch (error) {
      throw new SignInError(describe(error));
    }
    if (!claims) throw new SignInError("The identity provider sent no ID token.");
    const email = typeof claims.email === "string" ? claims.email : null;
    if (!email) throw new SignInError("The identity provider did not share an e-mail address.");
    if (claims.email_verified === false || claims.email_verified === "false") {
      throw new SignInError("The e-mail address is not verified by the identity provider.");
    }
    const domain = email.split("@").pop()?.toLowerCase();
    const emailVerified =
      claims.email_verified === true ||
      claims.email_verified === "true" ||
      (this.settings.domains ?? []).some((d) => d.toLowerCase() === domain);
    const name = typeof claims.name === "string" ? claims.name : null;
    const picture = typeof claims.picture === "string" ? claims.picture : null;
    return {
      provider: this.id,
      // Subjects are unique per issuer only.
      providerUserId: this.id === "sso" ? `${this.settings.issuer}|${claims.sub}` : String(claims.sub),
      email,
      emailVerified,
      name,
      avatarUrl: picture,
      login: null,
      accessToken,
      scopes: [],
    };
  }
}

/**
 * Client authentication at the token endpoint as the provider's metadata offers it:
 * client_secret_basic when offered (it is also the default when the metadata says nothing, and
 * the one every OAuth server must support), else client_secret_post (Apple offers only that).
 */
function clientSecretAuth(secret: string): oidc.ClientAuth {
  return (as, client, body, headers) => {
    const offered = as.token_endpoint_auth_methods_supported;
    const basic =
      !offered || offered.includes("client_secret_basic") || !offered.includes("client_secret_post");
    const auth = basic ? oidc.ClientSecretBasic(secret) : oidc.ClientSecretPost(secret);
    auth(as, client, body, headers);
  };
}

/** The provider's own words when it answered an OAuth error, else the error's message. */
function describe(error: unknown): string {
  const e = error as { error?: unknown; error_description?: unknown; message?: string };
  if (typeof e.error_description === "string" && e.error_description) return e.error_description;
  if (typeof e.error === "string" && e.error) return `The identity provider answered ${e.error}.`;
  return e.message ?? String(error);
}
