import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
/** Everything a run leaves behind (gitignored). */
export const ARTIFACTS = join(here, "artifacts");
/** Full-page screenshots of each screen, e2e/artifacts/screens/<name>.png. */
export const SCREENS = join(ARTIFACTS, "screens");
/** Cookies of the user the setup project signs in (see auth.setup.ts). */
export const AUTH_STATE = join(ARTIFACTS, ".auth", "user.json");
/** Who that user is. */
export const AUTH_USER = join(ARTIFACTS, ".auth", "user-info.json");
