import { valid as validVersion } from "semver";
import validateName from "validate-npm-package-name";
import { z } from "zod";

/** The input rules of the package cache's routes (issue 16; contract in docs/ARCHITECTURE.md). */

const MAX_DEPENDENCIES = 300;
const RESOLVE_BODY = 'The body must be {"dependencies": {"<package name>": "<version range>"}}.';

/** A package name as npm accepts new ones; the message names the name and why not. */
export const packageName = z.string("Give a package name.").superRefine((name, context) => {
  const verdict = validateName(name);
  if (!verdict.validForNewPackages && !verdict.validForOldPackages) {
    const why = [...(verdict.errors ?? []), ...(verdict.warnings ?? [])][0] ?? "it is not a package name";
    context.addIssue({ code: "custom", message: `'${name}' is not a valid package name: ${why}.` });
  }
});

/** `POST /_npm/resolve`: a sandbox's package.json dependencies (devDependencies merged in). */
export const resolveInput = z.object(
  {
    dependencies: z
      .record(z.string(RESOLVE_BODY).max(214), z.string(RESOLVE_BODY).max(256), RESOLVE_BODY)
      .refine(
        (value) => Object.keys(value).length <= MAX_DEPENDENCIES,
        `At most ${MAX_DEPENDENCIES} dependencies.`,
      ),
  },
  RESOLVE_BODY,
);
export type ResolveInput = z.infer<typeof resolveInput>;

/** `GET /_npm/<name>@<version>/<subpath>`. */
export const packageModuleInput = z.object({
  name: packageName,
  version: z.string().refine((v) => validVersion(v) === v, "Give an exact version, such as 1.2.3."),
  /** Within the package, without a leading '/'; "" for its main entry point. */
  subpath: z
    .string()
    .max(1024)
    .refine(
      (path) => !path.split("/").some((part) => part === ".." || part === "."),
      "That path leaves the package.",
    ),
  raw: z.boolean().default(false),
});
export type PackageModuleInput = z.infer<typeof packageModuleInput>;

/** `GET /api/v1/packages/search?q=&size=`. */
export const packageSearchInput = z.object({
  q: z
    .string("Enter something to search for.")
    .trim()
    .min(1, "Enter something to search for.")
    .max(200, "Search for at most 200 characters."),
  size: z.coerce
    .number("Size must be a number.")
    .int("Size must be a whole number.")
    .min(1, "Size must be at least 1.")
    .max(50, "Size must be at most 50.")
    .default(20),
});

/** `GET /api/v1/packages/<name>`. */
export const packageInfoInput = z.object({ name: packageName });
