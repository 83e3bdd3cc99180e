import { CODEHOST_MESSAGES, codeHostUnavailableMessage } from "@boxyard/domain";
import { and, eq } from "drizzle-orm";
import { identities } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../http/errors.ts";
import { type CodeHost, CodeHostError } from "../../integrations/codehost/codehost.port.ts";
import type { GitRemote } from "../../integrations/codehost/git.ts";
import { openToken } from "../../integrations/codehost/token-seal.ts";

/** A user's way into GitHub: their token (opened from its sealed form), the API as them, git as them. */
export type GithubAccess = {
  userId: string;
  token: string;
  login: string | null;
  scopes: string[];
  host: CodeHost;
  remote(cloneUrl: string): GitRemote;
};

/** The user's GitHub access, or null when they have not connected GitHub (or removed it). */
export async function githubAccessOf(deps: Deps, userId: string): Promise<GithubAccess | null> {
  const [identity] = await deps.db
    .select({ accessToken: identities.accessToken, login: identities.login, scopes: identities.scopes })
    .from(identities)
    .where(and(eq(identities.userId, userId), eq(identities.provider, "github")))
    .limit(1);
  const token = openToken(deps.tokenKey, identity?.accessToken);
  if (!identity || !token) return null;
  return {
    userId,
    token,
    login: identity.login,
    scopes: identity.scopes,
    host: deps.codeHost.github(token),
    remote: (cloneUrl) => ({ url: cloneUrl, token }),
  };
}

export async function requireGithub(deps: Deps, userId: string): Promise<GithubAccess> {
  const access = await githubAccessOf(deps, userId);
  if (!access) throw new AppError("FORBIDDEN", CODEHOST_MESSAGES.notConnected);
  return access;
}

/**
 * A code-host failure in the API's words: a repository one cannot read is NOT_FOUND, a refused
 * token asks to sign in with GitHub again, a failing GitHub answers 502 and a slow one 504.
 */
export function fromCodeHost(
  error: unknown,
  notFoundMessage: string = CODEHOST_MESSAGES.repositoryNotFound,
): unknown {
  if (!(error instanceof CodeHostError)) return error;
  switch (error.kind) {
    case "not_found":
      return new AppError("NOT_FOUND", notFoundMessage);
    case "unauthorized":
      return new AppError("FORBIDDEN", CODEHOST_MESSAGES.reauthorize);
    case "forbidden":
      return new AppError("FORBIDDEN", `GitHub refused: ${error.message}`);
    case "invalid":
      return new AppError("INVALID", `GitHub refused: ${error.message}`);
    case "timeout":
      return new AppError("CODE_HOST_TIMEOUT", CODEHOST_MESSAGES.codeHostTimeout);
    default:
      return new AppError("CODE_HOST_UNAVAILABLE", codeHostUnavailableMessage(error.status));
  }
}

/** Runs code-host calls, answering their failures as AppErrors. */
export async function onCodeHost<T>(run: () => Promise<T>, notFoundMessage?: string): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw fromCodeHost(error, notFoundMessage);
  }
}
