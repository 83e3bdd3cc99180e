import { type Privacy, privacyFromQuery } from "@boxyard/domain";
import type { FilesBody } from "../../api/queries/create.ts";

export type RepoFilesRequest = { ok: true; body: FilesBody } | { ok: false; reason: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function textOf(file: Record<string, unknown>): string | null {
  const text = file.content ?? file.code;
  if (typeof text === "string") return text;
  // JSON files may arrive parsed (the define API accepts objects for package.json).
  if (isRecord(text) || Array.isArray(text)) return JSON.stringify(text, null, 2);
  return null;
}

function privacyOf(value: unknown): Privacy | undefined {
  if (value === 0 || value === 1 || value === 2) return value;
  return typeof value === "string" ? (privacyFromQuery(value) ?? undefined) : undefined;
}

/**
 * The sandbox of a `{type: 'create-repo-files', sandbox}` message (spec 2 §2.2): its files as a map
 * `{path: {content, isBinary}}` or a list `[{path, content, isBinary}]`, and optionally title,
 * description, teamId, collectionId, privacy (0-2 or public/unlisted/private), v2 and template. The
 * server checks the paths, the sizes and the limits.
 */
export function parseRepoFilesRequest(data: unknown): RepoFilesRequest {
  const sandbox = isRecord(data) ? data.sandbox : undefined;
  if (!isRecord(sandbox)) return { ok: false, reason: "The message carries no sandbox." };
  const entries: [string, unknown][] = Array.isArray(sandbox.files)
    ? sandbox.files.map((f) => [isRecord(f) && typeof f.path === "string" ? f.path : "", f])
    : isRecord(sandbox.files)
      ? Object.entries(sandbox.files)
      : [];
  if (entries.length === 0) return { ok: false, reason: "The sandbox has no files." };
  const files: FilesBody["files"] = [];
  for (const [rawPath, file] of entries) {
    const path = rawPath.replace(/^\/+/, "");
    const code = isRecord(file) ? textOf(file) : typeof file === "string" ? file : null;
    if (!path || code === null)
      return { ok: false, reason: `The file '${rawPath}' has no path or no content.` };
    files.push({ path, code, isBinary: isRecord(file) && file.isBinary === true });
  }
  const text = (key: string) =>
    typeof sandbox[key] === "string" && sandbox[key] ? (sandbox[key] as string) : undefined;
  const body: FilesBody = { files };
  const title = text("title");
  if (title) body.title = title;
  const description = text("description");
  if (description) body.description = description;
  const teamId = text("teamId");
  if (teamId) body.teamId = teamId;
  const collectionId = text("collectionId");
  if (collectionId) body.collectionId = collectionId;
  const template = text("template");
  if (template) body.template = template;
  const privacy = privacyOf(sandbox.privacy);
  if (privacy !== undefined) body.privacy = privacy;
  if (typeof sandbox.v2 === "boolean") body.v2 = sandbox.v2;
  return { ok: true, body };
}
