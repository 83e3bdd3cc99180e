import { angular } from "./angular.ts";
import { docker } from "./docker.ts";
import { flask } from "./flask.ts";
import { nextjs } from "./nextjs.ts";
import { node } from "./node.ts";
import { nuxt } from "./nuxt.ts";
import { preact } from "./preact.ts";
import { react } from "./react.ts";
import { reactTs } from "./react-ts.ts";
import { remix } from "./remix.ts";
import { solid } from "./solid.ts";
import { staticHtml } from "./static.ts";
import { svelte } from "./svelte.ts";
import type { StarterFile } from "./types.ts";
import { vanilla } from "./vanilla.ts";
import { vue } from "./vue.ts";

export type { StarterFile } from "./types.ts";

/** The starter files of each official template, by template id (packages/domain OFFICIAL_TEMPLATES). */
export const STARTER_FILES: Readonly<Record<string, readonly StarterFile[]>> = {
  react,
  "react-ts": reactTs,
  vue,
  preact,
  svelte,
  angular,
  solid,
  static: staticHtml,
  vanilla,
  node,
  nextjs,
  nuxt,
  remix,
  flask,
  docker,
};
