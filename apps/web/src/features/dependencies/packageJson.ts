/**
 * A sandbox's package.json, read and changed as text: its dependencies listed, one added or
 * removed, the rest of the file (other keys, their order, the indentation, the final newline)
 * kept as it was. A text that is not a JSON object is refused with a message, never rewritten.
 */

export type DependencyKind = "dependencies" | "devDependencies";

export const DEPENDENCY_KINDS: readonly DependencyKind[] = ["dependencies", "devDependencies"];

export type Dependency = { name: string; range: string; kind: DependencyKind };

type Manifest = Record<string, unknown>;

export type ManifestReading =
  | { ok: true; manifest: Manifest; dependencies: Dependency[] }
  | { ok: false; error: string };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The dependencies of a package.json's text, or why they cannot be read. */
export function readManifest(text: string): ManifestReading {
  let manifest: unknown;
  try {
    manifest = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, error: `package.json is not valid JSON: ${detail}` };
  }
  if (!isObject(manifest)) return { ok: false, error: "package.json must hold a JSON object." };
  const dependencies: Dependency[] = [];
  for (const kind of DEPENDENCY_KINDS) {
    const group = manifest[kind];
    if (group === undefined) continue;
    if (!isObject(group)) return { ok: false, error: `"${kind}" in package.json must be an object.` };
    for (const [name, range] of Object.entries(group)) {
      if (typeof range !== "string") {
        return { ok: false, error: `The version of "${name}" in package.json must be a string.` };
      }
      dependencies.push({ name, range, kind });
    }
  }
  return { ok: true, manifest, dependencies };
}

/** The indentation the file uses (two spaces when it has none to copy). */
function indentOf(text: string): string | number {
  const match = /\n([ \t]+)"/.exec(text);
  return match ? match[1]! : 2;
}

function write(original: string, manifest: Manifest): string {
  const text = JSON.stringify(manifest, null, indentOf(original));
  return original.endsWith("\n") ? `${text}\n` : text;
}

/** Names sorted as npm writes them. */
const sorted = (group: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(group).sort(([a], [b]) => a.localeCompare(b, "en")));

/**
 * The text with `name` at `range` in `kind`; the same name in the other group moves here (npm
 * keeps a package in one of them). Answers an error for a text that is not a package.json.
 */
export function withDependency(
  text: string,
  dependency: Dependency,
): { ok: true; text: string } | { ok: false; error: string } {
  const reading = readManifest(text);
  if (!reading.ok) return reading;
  const manifest = { ...reading.manifest };
  for (const kind of DEPENDENCY_KINDS) {
    if (kind === dependency.kind || !isObject(manifest[kind])) continue;
    const { [dependency.name]: _moved, ...rest } = manifest[kind];
    manifest[kind] = rest;
  }
  const group = isObject(manifest[dependency.kind]) ? manifest[dependency.kind] : {};
  manifest[dependency.kind] = sorted({ ...(group as Manifest), [dependency.name]: dependency.range });
  return { ok: true, text: write(text, manifest) };
}

/** The text without `name` in `kind` (the group stays, empty, as npm leaves it). */
export function withoutDependency(
  text: string,
  dependency: Pick<Dependency, "name" | "kind">,
): { ok: true; text: string } | { ok: false; error: string } {
  const reading = readManifest(text);
  if (!reading.ok) return reading;
  const group = reading.manifest[dependency.kind];
  if (!isObject(group) || !(dependency.name in group)) return { ok: true, text };
  const { [dependency.name]: _removed, ...rest } = group;
  return { ok: true, text: write(text, { ...reading.manifest, [dependency.kind]: rest }) };
}
