import { createPrivateKey, type KeyObject } from "node:crypto";
import { SignJWT } from "jose";
import type { AppInstallations } from "./codehost.port.ts";
import { type GithubApiSettings, octokitFor, toCodeHostError } from "./github.adapter.ts";

export type GithubAppSettings = { id: string; privateKey: string; installUrl: string | null };

/** GitHub accepts an App's JWT for at most 10 minutes; a new one is signed well before. */
const JWT_LIFETIME_S = 9 * 60;
const JWT_RENEW_MS = 5 * 60 * 1000;

/**
 * The GitHub App's installation state of a repository: `GET /repos/{owner}/{repo}/installation`
 * signed as the App (a JWT of its ID, RS256 with its private key) answers 200 when the App is
 * installed on the repository and 404 when it is not.
 */
export class GithubAppInstallations implements AppInstallations {
  readonly installUrl: string | null;
  private readonly key: KeyObject;
  private jwt: { value: string; until: number } | null = null;

  constructor(
    private readonly api: GithubApiSettings,
    private readonly app: GithubAppSettings,
  ) {
    this.key = createPrivateKey(app.privateKey);
    this.installUrl = app.installUrl;
  }

  private async token(): Promise<string> {
    if (this.jwt && this.jwt.until > Date.now()) return this.jwt.value;
    const now = Math.floor(Date.now() / 1000);
    const value = await new SignJWT({})
      .setProtectedHeader({ alg: "RS256" })
      .setIssuer(this.app.id)
      .setIssuedAt(now - 60)
      .setExpirationTime(now + JWT_LIFETIME_S)
      .sign(this.key);
    this.jwt = { value, until: Date.now() + JWT_RENEW_MS };
    return value;
  }

  async installed(owner: string, name: string): Promise<boolean> {
    const octokit = octokitFor(this.api, await this.token());
    try {
      await octokit.request("GET /repos/{owner}/{repo}/installation", { owner, repo: name });
      return true;
    } catch (error) {
      const problem = toCodeHostError(error);
      if (problem.kind === "not_found") return false;
      throw problem;
    }
  }
}

/** With no App configured there is nothing to install: every repository counts as installed. */
export const NO_APP: AppInstallations = { installUrl: null, installed: async () => true };
