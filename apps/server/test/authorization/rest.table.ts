/**
 * Expected answers of every REST route (as registered: `METHOD /path/:param`), by persona. `url`
 * and `payload` name seeded objects as `{name}` (seed.ts), `setup` makes the objects a write
 * changes (fresh.ts). Rows run in this order (a row's personas at once).
 */
import { PNG_1X1 } from "../../src/modules/workspaces/image-fixtures.ts";
import { repository, type Setup, sandbox, session } from "./fresh.ts";
import { admins, anyone, type Cells, cells, members, type Persona, signedIn, writers } from "./outcomes.ts";

export type RestRow = {
  route: string;
  url: string;
  /** JSON with `{name}` placeholders (filled with JSON values), or raw bytes. */
  payload?: string | Buffer;
  headers?: Record<string, string>;
  setup?: Setup;
  expect: Cells;
  /** Seeded sandboxes this listing must not hold (unlisted ones are opened by link, not listed)... */
  unlisted?: string[];
  /** ...except for these personas (a profile's owner sees all their own sandboxes). */
  listedTo?: Persona[];
  note?: string;
};

const rows: RestRow[] = [];
const row = (route: string, url: string, expect: Cells, more: Partial<RestRow> = {}) =>
  rows.push({ route, url, expect, ...more });

const RANDOM_UUID = "0b7a1d39-5a57-4c52-9f35-1d1d8a1c5c0e";
// Readers of a private sandbox: members (and whom it is shared with); anyone else: not found.
const privateRead = cells({ others: "data", outsider: "notFound", signedOut: "notFound" });
const memberRoute = (inside: "data" = "data") => members(inside, "notFound", "unauthenticated");
const privateFork = cells({ others: "data", outsider: "notFound", signedOut: "unauthenticated" });

// Public by design: the app's settings, prices, tiers, official templates, the sign-in popup.
for (const url of ["/api/meta/features", "/api/v1/meta/features", "/auth/popup.js", "/healthz", "/readyz"]) {
  row(`GET ${url}`, url, anyone("data"));
}
row("GET /auth/github/oauth-settings", "/auth/github/oauth-settings", anyone("redirect"), {
  note: "to the OAuth app's settings on GitHub",
});
for (const url of ["/api/v1/vm_tiers", "/api/vm_tiers", "/api/v1/prices", "/api/prices"])
  row(`GET ${url}`, url, anyone("data"));
row("GET /api/v1/sandboxes/templates/official", "/api/v1/sandboxes/templates/official", anyone("data"));
const NOT_PUBLIC = ["unlistedSandbox", "privateSandbox", "draft", "deletedSandbox", "sharedSandbox"];
row("GET /api/v1/search/sandboxes", "/api/v1/search/sandboxes?query=sandbox", anyone("data"), {
  unlisted: NOT_PUBLIC,
  note: "community search: public sandboxes only",
});

// Sign-in and accounts.
row("GET /auth/:provider", "/auth/github", anyone("redirect"));
row("GET /auth/:provider/callback", "/auth/github/callback?code=forged&state=forged", anyone("invalid"), {
  note: "a forged state is refused",
});
row("POST /auth/:provider/callback", "/auth/github/callback", anyone("invalid"), {
  payload: '{"code":"forged","state":"forged"}',
});
row("GET /auth/workos/initialize", "/auth/workos/initialize", anyone("invalid"), { note: "no e-mail given" });
row("POST /api/v1/auth/local/signup", "/api/v1/auth/local/signup", anyone("data"), {
  payload: '{"email": {newEmail}, "password": "correct horse battery"}',
  setup: async () => ({ newEmail: `${Math.random().toString(36).slice(2)}@example.test` }),
});
row("POST /api/v1/auth/local/signup/continue", "/api/v1/auth/local/signup/continue", anyone("notFound"), {
  payload: '{"token": "forged"}',
  note: "sign-up links exist only with SMTP (signup-link.test.ts: a forged one is refused there)",
});
row("POST /api/v1/auth/local/signin", "/api/v1/auth/local/signin", anyone("unauthenticated"), {
  payload: '{"email": {adminEmail}, "password": "not the password"}',
});
row("GET /api/v1/auth/auth-token", "/api/v1/auth/auth-token", signedIn("data"));
row("GET /api/v1/auth/verify/:code", "/api/v1/auth/verify/forged", anyone("invalid"));
row("DELETE /api/v1/auth/revoke/:token", "/api/v1/auth/revoke/forged", anyone("data"), {
  note: "whoever holds a token may revoke it; an unknown one changes nothing",
});
row("POST /api/v1/auth/verification/resend", "/api/v1/auth/verification/resend", signedIn("conflict"), {
  payload: "{}",
  note: "the seed's accounts are verified already",
});
row("POST /api/v1/auth/verification/confirm", "/api/v1/auth/verification/confirm", anyone("invalid"), {
  payload: '{"token": "forged"}',
});
row("POST /api/v1/auth/password/forgot", "/api/v1/auth/password/forgot", anyone("data"), {
  payload: '{"email": {adminEmail}}',
  note: "never tells whether an address has an account",
});
row("POST /api/v1/auth/password/reset", "/api/v1/auth/password/reset", anyone("invalid"), {
  payload: '{"token": "forged", "password": "another horse battery"}',
});
row("POST /api/v1/auth/password/change", "/api/v1/auth/password/change", signedIn("invalid"), {
  payload: '{"currentPassword": "not the password", "newPassword": "another horse battery"}',
});
row("GET /api/v1/auth/jwt", "/api/v1/auth/jwt", signedIn("data"));
row("POST /api/v1/users/current_user/sse", "/api/v1/users/current_user/sse", signedIn("data"));
row("GET /api/v1/users/current", "/api/v1/users/current", signedIn("data"));
row("POST /api/v1/users/survey-seen", "/api/v1/users/survey-seen", signedIn("data"));
row("GET /api/v1/users/pending/:id", `/api/v1/users/pending/${RANDOM_UUID}`, anyone("notFound"));
row("GET /api/v1/users/available/:username", "/api/v1/users/available/{adminUsername}", anyone("data"));
row("POST /api/v1/users/finalize", "/api/v1/users/finalize", anyone("notFound"), {
  payload: `{"id": "${RANDOM_UUID}", "username": "someone", "name": "Someone", "role": "fullstack", "usage": "personal"}`,
  note: "nobody's sign-up to finish",
});
row("GET /api/v1/users/search", "/api/v1/users/search?username={adminUsername}", signedIn("data"));
row("GET /api/v1/users/:username", "/api/v1/users/{adminUsername}", anyone("data"), {
  note: "a public profile",
});
row("GET /api/v1/users/:username/sandboxes", "/api/v1/users/{adminUsername}/sandboxes", anyone("data"), {
  unlisted: NOT_PUBLIC,
  listedTo: ["admin"],
  note: "a profile lists public sandboxes only, but to its owner",
});
row(
  "GET /api/v1/users/:username/sandboxes/liked",
  "/api/v1/users/{adminUsername}/sandboxes/liked",
  anyone("data"),
);
row(
  "PATCH /api/v1/users/:username",
  "/api/v1/users/{adminUsername}",
  cells({ others: "forbidden", signedOut: "unauthenticated", admin: "data" }),
  { payload: '{"user": {"featured_sandboxes": []}}', note: "only one's own profile" },
);
// The package registry, for the dependencies panel: signed in only. Tests run with
// BOXYARD_NPM_OFFLINE (no registry), so a signed-in request is told it is unavailable; the answers
// themselves are proved against the registry stand-in in modules/packages/packages.test.ts.
row("GET /api/v1/packages/search", "/api/v1/packages/search?q=react", signedIn("unavailable"));
row("GET /api/v1/packages/*", "/api/v1/packages/react", signedIn("unavailable"));
row("GET /api/v1/users/current_user/uploads", "/api/v1/users/current_user/uploads", signedIn("data"));
row("POST /api/v1/users/current_user/uploads", "/api/v1/users/current_user/uploads", signedIn("invalid"), {
  payload: "{}",
  note: "no file: refused as such once signed in",
});
row(
  "DELETE /api/v1/users/current_user/uploads/:id",
  `/api/v1/users/current_user/uploads/${RANDOM_UUID}`,
  signedIn("notFound"),
);
row("GET /api/v1/uploads/:id", `/api/v1/uploads/${RANDOM_UUID}`, anyone("notFound"));
row("POST /api/v1/feedback", "/api/v1/feedback", signedIn("data"), { payload: '{"text": "Nice"}' });
row("POST /api/v1/users/survey", "/api/v1/users/survey", signedIn("invalid"), { payload: '{"answers": 1}' });

// Sandboxes: reads follow the sandbox's privacy; a non-member is told a private one does not exist.
row("GET /api/v1/sandboxes/:id", "/api/v1/sandboxes/{publicSandbox}", anyone("data"));
row("GET /api/v1/sandboxes/:id", "/api/v1/sandboxes/{unlistedSandbox}", anyone("data"));
row("GET /api/v1/sandboxes/:id", "/api/v1/sandboxes/{privateSandbox}", privateRead);
row(
  "GET /api/v1/sandboxes/:id",
  "/api/v1/sandboxes/{sharedSandbox}",
  cells({ others: "data", signedOut: "notFound" }),
);
row(
  "GET /api/v1/sandboxes/:id",
  "/api/v1/sandboxes/{draft}",
  cells({ others: "notFound", writer: "data", frozen: "data" }),
);
row("GET /api/v1/sandboxes/:id", "/api/v1/sandboxes/{deletedSandbox}", privateRead);
row("GET /api/v1/sandboxes/:id", "/api/v1/sandboxes/{forkOfPrivateTemplate}", anyone("data"), {
  note: "issue 13 hole 6: its private source's id is not shown (leak check)",
});
row("OPTIONS /api/v1/sandboxes/:id", "/api/v1/sandboxes/{privateSandbox}", anyone("data"), {
  note: "CORS preflight",
});
row(
  "GET /api/v1/sandboxes/:id/screenshot.png",
  "/api/v1/sandboxes/{publicSandbox}/screenshot.png",
  anyone("data"),
);
row(
  "GET /api/v1/sandboxes/:id/screenshot.png",
  "/api/v1/sandboxes/{privateSandbox}/screenshot.png",
  privateRead,
);
row(
  "GET /api/v1/sandboxes",
  "/api/v1/sandboxes?teamId={team}",
  cells({ ...memberRoute(), outsider: "data" }),
  {
    note: "the picker: a non-member gets the empty list a missing workspace gets (leak check)",
  },
);
row("GET /api/v1/sandboxes/generate_title", "/api/v1/sandboxes/generate_title", anyone("data"));
row(
  "GET /api/v1/sandboxes/limits",
  "/api/v1/sandboxes/limits?teamId={team}",
  cells({ ...memberRoute(), signedOut: "data" }),
  {
    note: "signed out: nothing to count (zeros)",
  },
);
row("GET /api/v1/teams/:teamId/search", "/api/v1/teams/{team}/search?query=sandbox", memberRoute());
row(
  "GET /api/v1/teams/:teamId/sandboxes/zip",
  "/api/v1/teams/{team}/sandboxes/zip?ids={privateSandbox}",
  memberRoute(),
);
row("POST /api/v1/sandboxes/:id/like", "/api/v1/sandboxes/{publicSandbox}/like", signedIn("data"));
row("DELETE /api/v1/sandboxes/:id/like", "/api/v1/sandboxes/{publicSandbox}/like", signedIn("data"));
row("POST /api/v1/sandboxes/:id/like", "/api/v1/sandboxes/{privateSandbox}/like", memberRoute());
row("DELETE /api/v1/sandboxes/:id/like", "/api/v1/sandboxes/{privateSandbox}/like", memberRoute());
row(
  "POST /api/v1/sandboxes/:id/preview_token",
  "/api/v1/sandboxes/{privateSandbox}/preview_token",
  memberRoute(),
  { payload: '{"origin": "http://localhost:3000"}' },
);
row("POST /api/v1/sandpack/token/:teamId", "/api/v1/sandpack/token/{team}", memberRoute(), { payload: "{}" });
row("POST /api/v1/sandboxes/:id/fork", "/api/v1/sandboxes/{publicSandbox}/fork", writers(), {
  payload: '{"teamId": {team}}',
  note: "into the (main or frozen) workspace",
});
row("POST /api/v1/sandboxes/:id/fork", "/api/v1/sandboxes/{publicSandbox}/fork", signedIn("data"), {
  payload: '{"teamId": {personalTeam}}',
  note: "into one's personal workspace",
});
row("POST /api/v1/sandboxes/:id/fork", "/api/v1/sandboxes/{privateSandbox}/fork", writers(), {
  payload: '{"teamId": {team}}',
});
row("POST /api/v1/sandboxes/:id/fork", "/api/v1/sandboxes/{privateSandbox}/fork", privateFork, {
  payload: '{"teamId": {personalTeam}}',
  note: "a private sandbox, out of its workspace: members only",
});
row("POST /api/v1/sandboxes/fork/*", "/api/v1/sandboxes/fork/{privateSandbox}", writers(), {
  payload: '{"teamId": {team}}',
});
row("POST /api/v1/sandboxes", "/api/v1/sandboxes", writers(), {
  payload: '{"teamId": {team}, "files": [{"path": "index.js", "code": "1"}]}',
});
const SB = sandbox();
row("PATCH /api/v1/sandboxes/:id/vm_tier", "/api/v1/sandboxes/{sb}/vm_tier", writers(), {
  payload: '{"vmTier": 1}',
  setup: sandbox({ devbox: true }),
});
row("PUT /api/v1/sandboxes/:id", "/api/v1/sandboxes/{sb}", writers(), {
  payload: '{"sandbox": {"title": "Renamed"}}',
  setup: SB,
});
row("PATCH /api/v1/sandboxes/:id/privacy", "/api/v1/sandboxes/{sb}/privacy", writers(), {
  payload: '{"sandbox": {"privacy": 1}}',
  setup: SB,
});
row("DELETE /api/v1/sandboxes/:id", "/api/v1/sandboxes/{sb}", writers(), { setup: SB });
row(
  "DELETE /api/v1/sandboxes/:sandboxId/templates/:templateId",
  "/api/v1/sandboxes/{sb}/templates/{tpl}",
  writers(),
  {
    setup: sandbox({ template: true }),
  },
);
row(
  "DELETE /api/v1/sandboxes/:sandboxId/templates/:templateId",
  `/api/v1/sandboxes/{sb}/templates/${RANDOM_UUID}`,
  cells({ others: "notFound", signedOut: "unauthenticated" }),
  { setup: SB, note: "issue 13 hole 6: a random template id answers as another workspace's does" },
);

// A sandbox's files and folders (issue 15): whoever reads the sandbox reads them; OWNER and
// WRITE_CODE (the workspace's WRITE and ADMIN members) change them, in an unfrozen workspace.
const FILES = sandbox({ files: true });
const fileWriters = writers("data", "forbidden");
const M = "/api/v1/sandboxes/{sb}/modules";
row("GET /api/v1/sandboxes/:id/modules", "/api/v1/sandboxes/{publicSandbox}/modules", anyone("data"));
row("GET /api/v1/sandboxes/:id/modules", "/api/v1/sandboxes/{privateSandbox}/modules", privateRead);
row(
  "GET /api/v1/sandboxes/:id/modules",
  "/api/v1/sandboxes/{draft}/modules",
  cells({ others: "notFound", writer: "data", frozen: "data" }),
);
row("GET /api/v1/sandboxes/:id/modules/:shortid", `${M}/{mod}`, anyone("data"), { setup: FILES });
row("GET /api/v1/sandboxes/:id/modules/:shortid", `${M}/{mod}`, privateRead, {
  setup: sandbox({ files: true, private: true }),
});
row("POST /api/v1/sandboxes/:id/modules", M, fileWriters, {
  payload: '{"module": {"title": "new.js", "code": "1"}}',
  setup: FILES,
});
row("POST /api/v1/sandboxes/:id/modules/mcreate", `${M}/mcreate`, fileWriters, {
  payload:
    '{"directories": [{"shortid": "lib1", "title": "lib"}], "modules": [{"title": "a.js", "directory_shortid": "lib1", "code": "1"}]}',
  setup: FILES,
});
row("PUT /api/v1/sandboxes/:id/modules/:shortid", `${M}/{mod}`, fileWriters, {
  payload: '{"module": {"code": "2"}, "base_version": 1}',
  setup: FILES,
});
row("PUT /api/v1/sandboxes/:id/modules/:shortid", `${M}/{mod}`, writers(), {
  payload: '{"module": {"code": "2"}, "base_version": 1}',
  setup: sandbox({ files: true, private: true }),
  note: "a private sandbox: not found for whoever may not read it",
});
row("PUT /api/v1/sandboxes/:id/modules/mupdate", `${M}/mupdate`, fileWriters, {
  payload: '{"modules": [{"shortid": {mod}, "title": "main.js", "base_version": 1}]}',
  setup: FILES,
});
row("DELETE /api/v1/sandboxes/:id/modules/:shortid", `${M}/{mod}`, fileWriters, { setup: FILES });
row("POST /api/v1/sandboxes/:id/modules/mdelete", `${M}/mdelete`, fileWriters, {
  payload: '{"module_shortids": [{mod}], "directory_shortids": [{dir}]}',
  setup: FILES,
});
row("POST /api/v1/sandboxes/:id/directories", "/api/v1/sandboxes/{sb}/directories", fileWriters, {
  payload: '{"directory": {"title": "lib", "directory_shortid": null}}',
  setup: FILES,
});
row(
  "PUT /api/v1/sandboxes/:id/directories/:shortid",
  "/api/v1/sandboxes/{sb}/directories/{dir}",
  fileWriters,
  {
    payload: '{"directory": {"title": "source"}}',
    setup: FILES,
  },
);
row(
  "DELETE /api/v1/sandboxes/:id/directories/:shortid",
  "/api/v1/sandboxes/{sb}/directories/{dir}",
  fileWriters,
  {
    setup: FILES,
  },
);

// Repositories.
row(
  "GET /api/beta/repos/validate/github/:owner/:repo",
  "/api/beta/repos/validate/github/{repoOwner}/{repoName}",
  signedIn("data"),
);
row("POST /api/beta/fork/github/:owner/:repo", "/api/beta/fork/github/{repoOwner}/{repoName}", writers(), {
  payload: '{"name": {forkName}, "teamId": {team}}',
  setup: repository(),
});
row(
  "DELETE /api/beta/repos/link/github/:owner/:repo/:teamId",
  "/api/beta/repos/link/github/{repoOwner}/{freshRepo}/{team}",
  cells({ ...writers(), frozen: "data" }),
  { setup: repository({ imported: true }) },
);
row(
  "DELETE /api/beta/sandboxes/github/:owner/:repo/*",
  "/api/beta/sandboxes/github/{repoOwner}/{repoName}/{freshBranchName}?workspaceId={team}",
  cells({ ...writers(), frozen: "data" }),
  { setup: repository({ branch: true }) },
);

// Billing: admins manage it; the checkout sessions are their creator's.
// The main workspace is subscribed already; the frozen one is not (subscribing is how it thaws).
const checkout = cells({ ...admins("allowed"), admin: "conflict" });
row("POST /api/v1/checkout", "/api/v1/checkout", checkout, { payload: '{"team_id": {team}}' });
row("POST /api/checkout", "/api/checkout", checkout, { payload: '{"team_id": {team}}' });
row("GET /api/v1/teams/:teamId/customer_portal", "/api/v1/teams/{team}/customer_portal", admins("allowed"));
row("GET /api/v1/teams/:teamId/billing", "/api/v1/teams/{team}/billing", admins("allowed"));
row("GET /api/v1/billing/checkout/:sessionId", "/api/v1/billing/checkout/cs_forged", signedIn("notFound"));
row(
  "POST /api/v1/billing/checkout/:sessionId/confirm",
  "/api/v1/billing/checkout/cs_forged/confirm",
  signedIn("notFound"),
);
row(
  "POST /api/v1/billing/checkout/:sessionId/cancel",
  "/api/v1/billing/checkout/cs_forged/cancel",
  signedIn("notFound"),
);
const subscriptionChange = cells({ ...admins("allowed"), frozen: "invalid" });
row("POST /api/v1/teams/:teamId/billing/cancel", "/api/v1/teams/{team}/billing/cancel", subscriptionChange);
row("POST /api/v1/teams/:teamId/billing/resume", "/api/v1/teams/{team}/billing/resume", subscriptionChange);
// The devbox runtime reports with its own token (none is configured here: the routes answer nobody).
for (const event of ["started", "stopped"]) {
  row(
    `POST /api/v1/runtime/devboxes/:sandboxId/${event}`,
    `/api/v1/runtime/devboxes/{privateSandbox}/${event}`,
    anyone("notFound"),
    { payload: "{}" },
  );
}

// Workspace avatars: admins change them, members read them.
row("PUT /api/v1/teams/:teamId/avatar", "/api/v1/teams/{team}/avatar", admins("allowed"), {
  payload: PNG_1X1,
  headers: { "content-type": "image/png" },
});
row("GET /api/v1/teams/:teamId/avatar", "/api/v1/teams/{team}/avatar", memberRoute());
row("DELETE /api/v1/teams/:teamId/avatar", "/api/v1/teams/{team}/avatar", admins("allowed"));

// Webhooks answer only their signed senders (none is configured here).
row("POST /api/webhooks/github", "/api/webhooks/github", anyone("notFound"), {
  payload: '{"zen": "forged"}',
});
row("POST /api/webhooks/stripe", "/api/webhooks/stripe", anyone("notFound"), {
  payload: '{"id": "evt_forged"}',
});

// GraphQL and the socket's door (their own cells are in the GraphQL and socket tables).
row("GET /api/graphql", "/api/graphql?query=%7Bme%7Bid%7D%7D", anyone("data"));
row("GET /metrics", "/metrics", anyone("notFound"), {
  note: "served to its bearer token only (none configured here)",
});
row("GET /api/graphql/schema.graphql", "/api/graphql/schema.graphql", anyone("data"), {
  note: "the published schema",
});
row("GET /api/v1/openapi.json", "/api/v1/openapi.json", anyone("data"), {
  note: "the published REST API document",
});
row("POST /api/graphql", "/api/graphql", anyone("data"), { payload: '{"query": "{ me { id } }"}' });
row("GET /api/socket", "/api/socket", anyone("notFound"), { note: "a plain request is no socket" });

// Last: they end the session or the GitHub connection.
row("DELETE /api/v1/users/signout", "/api/v1/users/signout", anyone("data"), { setup: session });
row(
  "DELETE /api/v1/users/current_user/integrations/github",
  "/api/v1/users/current_user/integrations/github",
  signedIn("data"),
);

export const REST_ROWS = rows;
