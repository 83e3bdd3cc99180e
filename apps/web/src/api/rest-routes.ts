import type { BillingOverview, CheckoutView, VmTier } from "@boxyard/domain";
import type { SignUpLinkSent } from "./queries/auth.ts";
import type { Prices } from "./queries/billing.ts";
import type { LikeState } from "./queries/profiles.ts";
import type { ForkNameValidity } from "./queries/repositories.ts";
import type { IssuedToken, SandboxDetail } from "./queries/sandbox.ts";
import type { CommunityPage, WorkspaceSearchAnswer } from "./queries/search.ts";
import type { RawOfficialSandbox } from "./queries/templates.ts";
import type {
  AuthMessage,
  CurrentUser,
  Features,
  PackageInfo,
  PackageSearchAnswer,
  PendingUser,
  Profile,
  ProfileSandbox,
  SandboxFileDirectory,
  SandboxFileModule,
  Upload,
  UploadsInfo,
  UserSummary,
} from "./rest-types.ts";

/**
 * What each REST route the web app calls answers, as the client reads it (a top-level `data` key
 * unwrapped; `undefined` for an empty answer). The tests' REST handlers (`test/rest-handlers.ts`)
 * answer through this table, so a test cannot answer a route the app does not call or a shape it
 * does not read. The keys are the server's route patterns (`:name` for a path parameter).
 */
export type RestRoutes = {
  "GET /api/meta/features": Partial<Features>;
  "GET /auth/workos/initialize": { redirectUrl: string };

  "GET /api/v1/auth/jwt": { jwt: string };
  "GET /api/v1/auth/auth-token": { token: string };
  "GET /api/v1/auth/verify/:code": { token: string };
  "DELETE /api/v1/auth/revoke/:token": undefined;
  "POST /api/v1/auth/local/signin": AuthMessage;
  "POST /api/v1/auth/local/signup": AuthMessage | SignUpLinkSent;
  "POST /api/v1/auth/local/signup/continue": AuthMessage;
  "POST /api/v1/auth/verification/resend": { email: string };
  "POST /api/v1/auth/verification/confirm": { email: string; verified: boolean };
  "POST /api/v1/auth/password/forgot": { sent: boolean };
  "POST /api/v1/auth/password/reset": undefined;
  "POST /api/v1/auth/password/change": undefined;

  "GET /api/v1/users/current": CurrentUser;
  "GET /api/v1/users/pending/:id": PendingUser;
  "GET /api/v1/users/available/:username": { available: boolean };
  "POST /api/v1/users/finalize": { primaryTeamId: string };
  "DELETE /api/v1/users/signout": undefined;
  "POST /api/v1/users/survey-seen": undefined;
  "POST /api/v1/users/survey": undefined;
  "POST /api/v1/feedback": { id: string };
  "DELETE /api/v1/users/current_user/integrations/github": undefined;
  "GET /api/v1/users/current_user/uploads": UploadsInfo;
  "POST /api/v1/users/current_user/uploads": Upload;
  "DELETE /api/v1/users/current_user/uploads/:id": undefined;
  "GET /api/v1/users/search": UserSummary[];
  "GET /api/v1/users/:username": Profile;
  "PATCH /api/v1/users/:username": Profile;
  "GET /api/v1/users/:username/sandboxes": Record<string, ProfileSandbox[]>;
  "GET /api/v1/users/:username/sandboxes/liked": Record<string, ProfileSandbox[]>;

  "GET /api/v1/vm_tiers": { vmTiers: VmTier[] };
  "GET /api/v1/sandboxes/generate_title": { title: string };
  "GET /api/v1/sandboxes/templates/official": { sandboxes: RawOfficialSandbox[] }[];
  "GET /api/v1/sandboxes/:id": SandboxDetail;
  "DELETE /api/v1/sandboxes/:id": undefined;
  "POST /api/v1/sandboxes": SandboxDetail;
  "POST /api/v1/sandboxes/:id/fork": SandboxDetail;
  "POST /api/v1/sandboxes/fork/*": SandboxDetail;
  "PATCH /api/v1/sandboxes/:id/vm_tier": undefined;
  "POST /api/v1/sandboxes/:id/like": LikeState;
  "DELETE /api/v1/sandboxes/:id/like": LikeState;
  "POST /api/v1/sandboxes/:id/preview_token": IssuedToken & { sandboxId: string };

  "GET /api/v1/sandboxes/:id/modules": { modules: SandboxFileModule[]; directories: SandboxFileDirectory[] };
  "GET /api/v1/sandboxes/:id/modules/:shortid": { module: SandboxFileModule };
  "POST /api/v1/sandboxes/:id/modules": { module: SandboxFileModule };
  "POST /api/v1/sandboxes/:id/modules/mcreate": {
    modules: SandboxFileModule[];
    directories: SandboxFileDirectory[];
  };
  "PUT /api/v1/sandboxes/:id/modules/:shortid": { module: SandboxFileModule };
  "PUT /api/v1/sandboxes/:id/modules/mupdate": { modules: SandboxFileModule[] };
  "DELETE /api/v1/sandboxes/:id/modules/:shortid": undefined;
  "POST /api/v1/sandboxes/:id/modules/mdelete": undefined;
  "POST /api/v1/sandboxes/:id/directories": { directory: SandboxFileDirectory };
  "PUT /api/v1/sandboxes/:id/directories/:shortid": { directory: SandboxFileDirectory };
  "DELETE /api/v1/sandboxes/:id/directories/:shortid": undefined;

  "GET /api/v1/packages/search": PackageSearchAnswer;
  /** The rest of the path is the package's name, a scoped one with its slash. */
  "GET /api/v1/packages/*": PackageInfo;

  "POST /api/v1/sandpack/token/:teamId": IssuedToken;
  "GET /api/v1/search/sandboxes": CommunityPage;
  "GET /api/v1/teams/:teamId/search": WorkspaceSearchAnswer;
  "PUT /api/v1/teams/:teamId/avatar": { avatarUrl: string };
  "DELETE /api/v1/teams/:teamId/avatar": undefined;
  /** A file (the zip of sandboxes), with its name in Content-Disposition. */
  "GET /api/v1/teams/:teamId/sandboxes/zip": Blob;

  "GET /api/beta/repos/validate/github/:owner/:name": ForkNameValidity;
  "POST /api/beta/fork/github/:owner/:name": { owner: string; repo: string; branch: string };

  "GET /api/v1/prices": Prices;
  "POST /api/checkout": { stripeCheckoutUrl: string | null };
  "GET /api/v1/teams/:teamId/customer_portal": { stripeCustomerPortalUrl: string };
  "GET /api/v1/billing/checkout/:sessionId": CheckoutView;
  "POST /api/v1/billing/checkout/:sessionId/confirm": { redirectUrl: string };
  "POST /api/v1/billing/checkout/:sessionId/cancel": { redirectUrl: string };
  "GET /api/v1/teams/:teamId/billing": BillingOverview;
  "POST /api/v1/teams/:teamId/billing/cancel": BillingOverview;
  "POST /api/v1/teams/:teamId/billing/resume": BillingOverview;
};

export type RestRoute = keyof RestRoutes;

/** What one route answers, as the client reads it. */
export type RestAnswer<R extends RestRoute> = RestRoutes[R];
