import { type GithubApiSettings, octokitFor } from "./github.adapter.ts";

export type GithubOAuthApp = { clientId: string; clientSecret: string };

/**
 * Asks GitHub to revoke a user's token (`DELETE /applications/{client_id}/token`, authenticated
 * as the OAuth app). Answers the status GitHub answered (204 revoked, 404 unknown to it, or a
 * refusal); throws when GitHub gave no answer.
 */
export async function revokeGithubToken(
  settings: GithubApiSettings,
  app: GithubOAuthApp,
  token: string,
): Promise<number> {
  try {
    const response = await octokitFor(settings, undefined).rest.apps.deleteToken({
      client_id: app.clientId,
      access_token: token,
      headers: {
        authorization: `Basic ${Buffer.from(`${app.clientId}:${app.clientSecret}`).toString("base64")}`,
      },
    });
    return response.status;
  } catch (error) {
    const status = (error as { response?: { status?: number } }).response?.status;
    if (status === undefined) throw error;
    return status;
  }
}
