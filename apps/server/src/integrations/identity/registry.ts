import type { Config } from "../../config.ts";
import { GithubProvider } from "./github.provider.ts";
import type { IdentityProvider, ProviderId } from "./identity.port.ts";
import { OidcProvider } from "./oidc.provider.ts";

export const PROVIDER_NAMES: Record<ProviderId | "password", string> = {
  github: "GitHub",
  google: "Google",
  apple: "Apple",
  sso: "SSO",
  password: "E-mail and password",
};

/** The sign-in providers this installation has configured. */
export class IdentityRegistry {
  private readonly popup = new Map<string, IdentityProvider>();
  private readonly sso: OidcProvider[];

  constructor(private readonly config: Config) {
    const callback = (provider: string) => `${config.publicUrl}/auth/${provider}/callback`;
    const { github, google, apple } = config.providers;
    if (github) this.popup.set("github", new GithubProvider(github, callback("github")));
    if (google)
      this.popup.set(
        "google",
        new OidcProvider("google", google, callback("google"), config.oidcAllowInsecure),
      );
    if (apple) {
      this.popup.set(
        "apple",
        new OidcProvider("apple", { ...apple, formPost: true }, callback("apple"), config.oidcAllowInsecure),
      );
    }
    this.sso = config.providers.sso.map(
      (connection, index) =>
        new OidcProvider("sso", connection, callback("sso"), config.oidcAllowInsecure, index),
    );
  }

  /** A provider opened by `/auth/{provider}` in the popup. */
  popupProvider(id: string): IdentityProvider | undefined {
    return this.popup.get(id);
  }

  /** The provider that completes a callback, given the connection remembered in the state. */
  callbackProvider(id: string, connection?: number): IdentityProvider | undefined {
    if (id === "sso") return connection === undefined ? undefined : this.sso[connection];
    return this.popup.get(id);
  }

  /** The single sign-on connection configured for an e-mail's domain. */
  ssoFor(email: string): OidcProvider | undefined {
    const domain = email.split("@").pop()?.toLowerCase();
    const index = this.config.providers.sso.findIndex((c) =>
      c.domains.some((d) => d.toLowerCase() === domain),
    );
    return index === -1 ? undefined : this.sso[index];
  }

  features() {
    return {
      loginWithApple: this.popup.has("apple"),
      loginWithGithub: this.popup.has("github"),
      loginWithGoogle: this.popup.has("google"),
      loginWithWorkos: this.sso.length > 0,
      loginWithPassword: this.config.providers.password,
      onPremise: this.config.onPremise,
    };
  }
}
