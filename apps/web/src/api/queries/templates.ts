import { queryOptions } from "@tanstack/react-query";
import { rest } from "../rest.ts";
import type { OfficialTemplate } from "../rest-types.ts";

export const templateKeys = {
  official: ["templates", "official"] as const,
};

export type RawOfficialSandbox = {
  id?: string;
  title?: string | null;
  alias?: string | null;
  description?: string | null;
  v2?: boolean;
  fork_count?: number;
  view_count?: number;
  environment?: string | null;
  tags?: unknown;
  author?: string | null;
  source_template?: string | null;
  custom_template?: { icon_url?: string | null; color?: string | null } | null;
  // tolerate camelCase answers too
  forkCount?: number;
  viewCount?: number;
  customTemplate?: { iconUrl?: string | null; color?: string | null } | null;
};

/** The official templates answer keeps raw snake_case keys: [{sandboxes: [...]}]. */
export function normalizeOfficialTemplates(answer: unknown): OfficialTemplate[] {
  const groups = Array.isArray(answer) ? answer : [];
  const seen = new Set<string>();
  const templates: OfficialTemplate[] = [];
  for (const group of groups) {
    const sandboxes: RawOfficialSandbox[] = Array.isArray(group?.sandboxes) ? group.sandboxes : [];
    for (const sandbox of sandboxes) {
      if (!sandbox?.id || seen.has(sandbox.id)) continue;
      seen.add(sandbox.id);
      templates.push({
        id: sandbox.id,
        title: sandbox.title || sandbox.alias || sandbox.id,
        alias: sandbox.alias ?? null,
        description: sandbox.description ?? null,
        forkCount: sandbox.fork_count ?? sandbox.forkCount ?? 0,
        viewCount: sandbox.view_count ?? sandbox.viewCount ?? 0,
        iconUrl: sandbox.custom_template?.icon_url ?? sandbox.customTemplate?.iconUrl ?? null,
        environment: sandbox.environment ?? null,
        isV2: Boolean(sandbox.v2),
        tags: Array.isArray(sandbox.tags)
          ? sandbox.tags
              .filter((tag): tag is string => typeof tag === "string")
              .map((tag) => tag.toLowerCase())
          : [],
        color: sandbox.custom_template?.color ?? sandbox.customTemplate?.color ?? null,
        author: sandbox.author ?? null,
        sourceTemplate: sandbox.source_template ?? null,
      });
    }
  }
  return templates;
}

export const officialTemplatesQuery = () =>
  queryOptions({
    queryKey: templateKeys.official,
    queryFn: async ({ signal }) =>
      normalizeOfficialTemplates(await rest.get<unknown>("/api/v1/sandboxes/templates/official", { signal })),
    staleTime: 10 * 60 * 1000,
  });
