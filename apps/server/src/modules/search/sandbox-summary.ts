import { sql } from "drizzle-orm";

/** A sandbox as search, workspace samples and shared-with-me answer it (api-contract §3 SandboxSummary). */
export type SandboxSummary = {
  id: string;
  alias: string | null;
  title: string | null;
  description: string | null;
  updatedAt: string;
  viewCount: number;
  isV2: boolean;
  draft: boolean;
  restricted: boolean;
  privacy: number;
  screenshotUrl: string | null;
  teamId: string;
  source: { template: string | null };
  customTemplate: { id: string; iconUrl: string | null } | null;
  author: { username: string } | null;
  collection: { path: string; id: string } | null;
};

/** The columns a SandboxSummary is built from; `s` is sandboxes, joined as in SUMMARY_JOINS. */
export const SUMMARY_COLUMNS = sql.raw(`s.id, s.alias, s.title, s.description, s.updated_at, s.view_count,
  s.is_v2, s.collection_id is null as draft, s.restricted, s.privacy, s.screenshot_url, s.workspace_id,
  s.source_template, ct.id as custom_template_id, ct.icon_url as custom_template_icon_url,
  au.username as author_username, co.id as collection_id, co.path as collection_path`);
export const SUMMARY_JOINS = sql.raw(`left join templates ct on ct.sandbox_id = s.id
  left join users au on au.id = s.author_id
  left join collections co on co.id = s.collection_id`);

export type SummaryRow = {
  id: string;
  alias: string | null;
  title: string | null;
  description: string | null;
  updated_at: Date | string;
  view_count: number;
  is_v2: boolean;
  draft: boolean;
  restricted: boolean;
  privacy: number;
  screenshot_url: string | null;
  workspace_id: string;
  source_template: string | null;
  custom_template_id: string | null;
  custom_template_icon_url: string | null;
  author_username: string | null;
  collection_id: string | null;
  collection_path: string | null;
};

export const iso = (value: Date | string) => new Date(value).toISOString();

export function toSandboxSummary(row: SummaryRow): SandboxSummary {
  return {
    id: row.id,
    alias: row.alias,
    title: row.title,
    description: row.description,
    updatedAt: iso(row.updated_at),
    viewCount: row.view_count,
    isV2: row.is_v2,
    draft: row.draft,
    restricted: row.restricted,
    privacy: row.privacy,
    screenshotUrl: row.screenshot_url,
    teamId: row.workspace_id,
    source: { template: row.source_template },
    customTemplate: row.custom_template_id
      ? { id: row.custom_template_id, iconUrl: row.custom_template_icon_url }
      : null,
    author: row.author_username ? { username: row.author_username } : null,
    collection:
      row.collection_id && row.collection_path ? { path: row.collection_path, id: row.collection_id } : null,
  };
}
