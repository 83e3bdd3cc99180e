/** What a sign-in provider tells us about the person who signed in. */
export type ProviderProfile = {
  provider: ProviderId;
  providerUserId: string;
  email: string;
  /**
   * The provider vouched for the address: GitHub gives verified addresses only; OpenID providers
   * say email_verified; a single sign-on provider vouches for the domains it is configured for.
   */
  emailVerified: boolean;
  name: string | null;
  avatarUrl: string | null;
  /** The code host's login, used as the suggested username. */
  login: string | null;
  accessToken: string | null;
  scopes: string[];
};

export type ProviderId = "github" | "google" | "apple" | "sso";

/** What the browser keeps (in a signed cookie) between the redirect to the provider and its callback. */
export type AuthorizationState = {
  provider: ProviderId;
  state: string;
  codeVerifier: string;
  nonce: string;
  /** Index into the SSO connections, for `sso`. */
  connection?: number;
};

export interface IdentityProvider {
  readonly id: ProviderId;
  /** Where to send the browser, and what to remember for the callback. */
  authorize(options: {
    scope?: string;
    connection?: number;
  }): Promise<{ url: URL; state: AuthorizationState }>;
  /** Exchanges the callback for a profile; throws when the state does not match or the code is refused. */
  complete(callback: URL | Request, state: AuthorizationState): Promise<ProviderProfile>;
}

export class SignInError extends Error {
  override name = "SignInError";
}
