import type { Privacy } from "@boxyard/domain";
import { graphql } from "../graphql.ts";

/* ---------------------------------------------------------------------------------------------
 * Fragments (api-contract §3)
 * ------------------------------------------------------------------------------------------- */

export const SANDBOX_CARD = graphql(`fragment SandboxCard on Sandbox {
  id alias title description lastAccessedAt insertedAt updatedAt removedAt privacy isFrozen screenshotUrl
  viewCount likeCount isV2 draft restricted authorId teamId
  source { template } customTemplate { id color iconUrl } forkedTemplate { id color iconUrl }
  collection { path id } author { username }
  permissions { preventSandboxLeaving preventSandboxExport }
}`);

export const SANDBOX_BY_PATH = graphql(`fragment SandboxByPath on Sandbox {
  id alias title insertedAt updatedAt screenshotUrl isV2 isFrozen privacy restricted draft viewCount teamId
  source { template } customTemplate { id color iconUrl } forkedTemplate { id color iconUrl }
  collection { path id } author { username }
  permissions { preventSandboxLeaving preventSandboxExport }
}`);

export const DRAFT_SANDBOX = graphql(
  `fragment DraftSandbox on Sandbox { ...SandboxByPath authorId lastAccessedAt }`,
  [SANDBOX_BY_PATH],
);

export const SANDBOX_SUMMARY = graphql(`fragment SandboxSummary on Sandbox {
  id alias title description updatedAt viewCount isV2 draft restricted privacy screenshotUrl teamId
  source { template } customTemplate { id color iconUrl } forkedTemplate { id color iconUrl } author { username } collection { path id }
}`);

export const RECENT_SANDBOX = graphql(`fragment RecentSandbox on Sandbox {
  id alias title lastAccessedAt privacy restricted draft isV2 screenshotUrl teamId
  source { template } customTemplate { id color iconUrl } forkedTemplate { id color iconUrl }
  collection { path id } author { username }
}`);

export const DELETED_SANDBOX = graphql(`fragment DeletedSandbox on Sandbox {
  id alias title isV2 removedAt privacy teamId collection { id path }
  source { template } customTemplate { id color iconUrl } forkedTemplate { id color iconUrl }
}`);

export const TEMPLATE_CARD = graphql(
  `fragment TemplateCard on Template {
  id color iconUrl published
  sandbox { ...SandboxCard team { name } git { id username commitSha path repo branch } }
}`,
  [SANDBOX_CARD],
);

/* ---------------------------------------------------------------------------------------------
 * The one sandbox shape the dashboard lists use: every fragment above maps onto it; fields a
 * fragment leaves out are null.
 * ------------------------------------------------------------------------------------------- */

export type DashboardSandbox = {
  id: string;
  alias: string | null;
  title: string | null;
  description: string | null;
  insertedAt: string | null;
  updatedAt: string | null;
  lastAccessedAt: string | null;
  removedAt: string | null;
  privacy: Privacy;
  isFrozen: boolean;
  isV2: boolean;
  draft: boolean;
  restricted: boolean;
  viewCount: number;
  screenshotUrl: string | null;
  teamId: string | null;
  authorId: string | null;
  author: { username: string } | null;
  collection: { id: string; path: string } | null;
  source: { template: string | null } | null;
  /** Non-null when the sandbox is a template. */
  customTemplate: { id: string; color?: string | null; iconUrl: string | null } | null;
  forkedTemplate: { id: string; color?: string | null; iconUrl: string | null } | null;
  /** What the sandbox itself prevents (its workspace may prevent more). */
  permissions: { preventSandboxLeaving: boolean; preventSandboxExport: boolean } | null;
  /** Template metadata (Templates list only). */
  template?: { id: string; color: string | null; iconUrl: string | null } | null;
};

/** What a fragment brings of a sandbox: some of its fields, `privacy` as the schema's Int. */
type RawSandbox = Partial<Omit<DashboardSandbox, "privacy">> & { id: string; privacy?: number };

export function toDashboardSandbox(raw: RawSandbox): DashboardSandbox {
  return {
    id: raw.id,
    alias: raw.alias ?? null,
    title: raw.title ?? null,
    description: raw.description ?? null,
    insertedAt: raw.insertedAt ?? null,
    updatedAt: raw.updatedAt ?? null,
    lastAccessedAt: raw.lastAccessedAt ?? null,
    removedAt: raw.removedAt ?? null,
    privacy: (raw.privacy ?? 0) as Privacy,
    isFrozen: raw.isFrozen ?? false,
    isV2: raw.isV2 ?? false,
    draft: raw.draft ?? false,
    restricted: raw.restricted ?? false,
    viewCount: raw.viewCount ?? 0,
    screenshotUrl: raw.screenshotUrl ?? null,
    teamId: raw.teamId ?? null,
    authorId: raw.authorId ?? null,
    author: raw.author ?? null,
    collection: raw.collection ?? null,
    source: raw.source ?? null,
    customTemplate: raw.customTemplate ?? null,
    forkedTemplate: raw.forkedTemplate ?? null,
    permissions: raw.permissions ?? null,
    ...(raw.template !== undefined ? { template: raw.template } : {}),
  };
}

/** The title a sandbox shows: title, then alias, then id. */
export function sandboxTitle(sandbox: Pick<DashboardSandbox, "title" | "alias" | "id">): string {
  return sandbox.title || sandbox.alias || sandbox.id;
}

/** Every dashboard list is cached as `{items}` so optimistic updates can reach them all alike. */
export type SandboxList = { items: DashboardSandbox[] };
