import { rmSync } from "node:fs";
import { SCREENS } from "./paths.ts";

/** Each run's screenshots replace the last run's: e2e/artifacts/screens holds only this run's screens. */
export default function globalSetup() {
  rmSync(SCREENS, { recursive: true, force: true });
}
