import type { Config } from "../../config.ts";
import type { AppInstallations, CodeHost } from "./codehost.port.ts";
import { Git } from "./git.ts";
import { GithubCodeHost } from "./github.adapter.ts";
import { GithubAppInstallations, NO_APP } from "./github-app.ts";

/** The code host as this installation reaches it: GitHub's API (per user token), git, the App. */
export class CodeHostRegistry {
  readonly git: Git;
  readonly app: AppInstallations;

  constructor(private readonly settings: Config["codeHost"]) {
    this.git = new Git({ timeoutMs: settings.gitTimeoutMs });
    const api = { apiUrl: settings.apiUrl, timeoutMs: settings.apiTimeoutMs };
    this.app = settings.app ? new GithubAppInstallations(api, settings.app) : NO_APP;
  }

  /** GitHub as the owner of `token`; with none, anonymously (public repositories only). */
  github(token: string | null): CodeHost {
    return new GithubCodeHost({ apiUrl: this.settings.apiUrl, timeoutMs: this.settings.apiTimeoutMs }, token);
  }
}
