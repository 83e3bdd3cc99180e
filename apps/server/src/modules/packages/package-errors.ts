/**
 * A package that cannot be served to a browser, with a message naming it. `status` is what the
 * module routes answer (404 unknown, 422 cannot run in a browser, 502 the registry failed).
 * `lasting`: the version itself is at fault (its files, its code), so asking again answers the same.
 */
export class PackageError extends Error {
  constructor(
    readonly packageName: string,
    message: string,
    readonly status: 404 | 422 | 502 = 422,
    readonly lasting = status === 422,
  ) {
    super(message);
    this.name = "PackageError";
  }
}

export const unknownPackage = (name: string) =>
  new PackageError(name, `Package '${name}' was not found in the registry.`, 404);

export const noMatchingVersion = (name: string, range: string, neededBy?: string) =>
  new PackageError(
    name,
    `Package '${name}' has no version matching '${range}'${neededBy ? ` (needed by '${neededBy}')` : ""}.`,
    404,
  );

export const registryUnreachable = (name: string) =>
  new PackageError(name, `The package registry could not be reached for '${name}'; try again later.`, 502);

export const notCachedOffline = (name: string) =>
  new PackageError(
    name,
    `Package '${name}' is not in the package cache, and this server does not ask the registry (BOXYARD_NPM_OFFLINE).`,
    502,
  );

export const nativeAddon = (name: string, reason: string) =>
  new PackageError(name, `Package '${name}' is a native addon (${reason}); it cannot run in a browser.`);

export const nodeBuiltin = (name: string, builtin: string) =>
  new PackageError(
    name,
    `Package '${name}' uses the Node.js built-in module '${builtin}', which has no browser version; it cannot run in a browser.`,
  );

export const badTarball = (name: string, version: string, why: string) =>
  new PackageError(name, `The package file of '${name}@${version}' ${why}; it was refused.`, 502, true);
