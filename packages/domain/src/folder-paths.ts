/** Folder (collection) paths: '/' is the root, '/a/b' a nested folder (spec 1 §3, §5). */

export const ROOT_PATH = "/";
/** The hidden placeholder of a pending 'new folder' row; it never reaches the database. */
export const NEW_FOLDER_PLACEHOLDER = "__NEW__";
export const FOLDER_NAME_REQUIRED = "Folder name is required.";

const MAX_NAME_LENGTH = 255;

/** '/a//b/' → '/a/b'; '' → '/'. */
export function normalizePath(path: string): string {
  const parts = path
    .split("/")
    .map((p) => p.trim())
    .filter(Boolean);
  return parts.length === 0 ? ROOT_PATH : `/${parts.join("/")}`;
}

/** The folder name a user typed, trimmed; null when blank (a blank name creates nothing). */
export function cleanFolderName(name: string): string | null {
  const trimmed = name.trim();
  return trimmed === "" ? null : trimmed;
}

/** Why a folder name cannot be used, or null when it can. */
export function folderNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return FOLDER_NAME_REQUIRED;
  if (trimmed.includes("/")) return "Folder names cannot contain '/'.";
  if (trimmed === NEW_FOLDER_PLACEHOLDER) return "That folder name is reserved.";
  if (trimmed.length > MAX_NAME_LENGTH) return `Folder names can be at most ${MAX_NAME_LENGTH} characters.`;
  return null;
}

/** A new folder's path: the trimmed name joined to the base path; null for a blank name. */
export function joinFolderPath(basePath: string, name: string): string | null {
  const clean = cleanFolderName(name);
  if (clean === null) return null;
  const base = normalizePath(basePath);
  return base === ROOT_PATH ? `/${clean}` : `${base}/${clean}`;
}

export function parentPath(path: string): string {
  const normal = normalizePath(path);
  if (normal === ROOT_PATH) return ROOT_PATH;
  const cut = normal.lastIndexOf("/");
  return cut <= 0 ? ROOT_PATH : normal.slice(0, cut);
}

export function folderName(path: string): string {
  const normal = normalizePath(path);
  return normal === ROOT_PATH ? "" : normal.slice(normal.lastIndexOf("/") + 1);
}

/** 0 for the root, 1 for '/a', 2 for '/a/b'. */
export function folderLevel(path: string): number {
  const normal = normalizePath(path);
  return normal === ROOT_PATH ? 0 : normal.split("/").length - 1;
}

/** True for the path itself and everything inside it. */
export function isWithin(path: string, ancestor: string): boolean {
  const p = normalizePath(path);
  const a = normalizePath(ancestor);
  return a === ROOT_PATH || p === a || p.startsWith(`${a}/`);
}

/** Where `path` goes when folder `from` is renamed or moved to `to` (its descendants follow). */
export function movedPath(path: string, from: string, to: string): string {
  const p = normalizePath(path);
  const f = normalizePath(from);
  const t = normalizePath(to);
  if (p === f) return t;
  return `${t === ROOT_PATH ? "" : t}${p.slice(f.length)}`;
}
