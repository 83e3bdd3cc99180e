import { execFile } from "node:child_process";
import { promisify } from "node:util";

let fromNpm: Promise<string> | undefined;

/**
 * The registry packages come from: BOXYARD_NPM_REGISTRY, else the one npm on this server is
 * configured with (its .npmrc files and environment), asked of npm once.
 */
export function registryUrl(configured: string | undefined): Promise<string> {
  if (configured) return Promise.resolve(configured);
  fromNpm ??= promisify(execFile)("npm", ["config", "get", "registry"], { timeout: 15_000 }).then(
    ({ stdout }) => {
      const url = stdout.trim();
      if (!URL.canParse(url)) throw new Error(`npm config get registry answered '${url}', not a URL`);
      return url.endsWith("/") ? url : `${url}/`;
    },
  );
  fromNpm.catch(() => {
    fromNpm = undefined;
  });
  return fromNpm;
}
