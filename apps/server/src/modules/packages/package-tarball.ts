import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join, posix } from "node:path";
import { Parser, type ReadEntry } from "tar";
import { badTarball } from "./package-errors.ts";

/** A package's files by path within the package ("package.json", "cjs/react.development.js"). */
export type PackageFiles = Map<string, Buffer>;

const MAX_UNPACKED_BYTES = 256 * 1024 * 1024;
const MAX_FILES = 50_000;

/**
 * Reads a package tarball into memory, refusing one that is not gzip or names a file outside the
 * package (an absolute path or `..`). The first folder (`package/` in npm's tarballs) is dropped;
 * links and other special entries are left out.
 */
export async function readTarball(name: string, version: string, bytes: Buffer): Promise<PackageFiles> {
  if (bytes.length < 2 || bytes[0] !== 0x1f || bytes[1] !== 0x8b) {
    throw badTarball(name, version, "is not a gzip file");
  }
  const files: PackageFiles = new Map();
  let unpacked = 0;
  let problem: string | null = null;
  await new Promise<void>((resolve, reject) => {
    const parser = new Parser({
      strict: true,
      onReadEntry(entry: ReadEntry) {
        const inside = insidePath(entry.path);
        if (inside === null) problem ??= `has a file outside the package ('${entry.path}')`;
        if (inside === null || entry.type !== "File" || inside === "") {
          entry.resume();
          return;
        }
        const chunks: Buffer[] = [];
        entry.on("data", (chunk: Buffer) => {
          unpacked += chunk.length;
          if (unpacked > MAX_UNPACKED_BYTES) problem ??= "is larger than 256 MB unpacked";
          else chunks.push(chunk);
        });
        entry.on("end", () => {
          if (files.size >= MAX_FILES) problem ??= `has more than ${MAX_FILES} files`;
          else files.set(inside, Buffer.concat(chunks));
        });
      },
    });
    parser.on("error", (error: Error) =>
      reject(badTarball(name, version, `is not a valid tar file (${error.message})`)),
    );
    parser.on("close", () => resolve());
    parser.end(bytes);
  });
  if (problem) throw badTarball(name, version, problem);
  if (!files.has("package.json")) throw badTarball(name, version, "has no package.json");
  return files;
}

/** The path without its first folder, or null when it would leave the package. */
function insidePath(path: string): string | null {
  const unified = path.replace(/\\/g, "/");
  if (unified.startsWith("/") || /^[a-zA-Z]:/.test(unified)) return null;
  const parts = unified.split("/");
  if (parts.some((part) => part === "..")) return null;
  const rest = posix.normalize(parts.slice(1).join("/") || ".");
  return rest === "." ? "" : rest.replace(/\/$/, "");
}

/** Writes the files under `root` (their paths are already known to stay inside it). */
export async function writePackageFiles(root: string, files: PackageFiles): Promise<void> {
  for (const [path, body] of files) {
    const target = join(root, path);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, body);
  }
}
