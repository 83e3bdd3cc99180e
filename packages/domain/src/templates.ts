/**
 * Templates (spec 1 §3 'Template catalogue', 'Official template'; spec 2 §2.3, §3): the built-in
 * icons, the rules for a template's colour and icon, and the official templates every install has.
 * The server seeds the official templates' sandboxes (with their files) by a migration; the create
 * screen reads this list for its cards and badges.
 */

/**
 * The built-in colour icons a template may name instead of an image URL: the template catalogue of
 * spec 1 §3 (react first: it is the default), then the languages of the official templates that
 * the catalogue does not name.
 */
export const TEMPLATE_ICONS = [
  "react",
  "react-ts",
  "vue",
  "preact",
  "svelte",
  "angular",
  "parcel",
  "dojo",
  "ember",
  "sapper",
  "cxjs",
  "reason",
  "gatsby",
  "marko",
  "next",
  "nuxt",
  "node",
  "apollo",
  "nest",
  "static",
  "styleguidist",
  "gridsome",
  "vuepress",
  "docusaurus",
  "mdx-deck",
  "quasar",
  "unibit",
  "remix",
  "solid",
  "javascript",
  "python",
  "docker",
] as const;
export type TemplateIcon = (typeof TEMPLATE_ICONS)[number];

/**
 * How each built-in icon is drawn: its brand colour and a short mark (one or two letters). The
 * web app draws them as colour tiles.
 */
export const TEMPLATE_ICON_STYLES: Record<TemplateIcon, { color: string; mark: string }> = {
  react: { color: "#61dafb", mark: "Re" },
  "react-ts": { color: "#3178c6", mark: "TS" },
  vue: { color: "#41b883", mark: "V" },
  preact: { color: "#673ab8", mark: "P" },
  svelte: { color: "#ff3e00", mark: "S" },
  angular: { color: "#dd0031", mark: "A" },
  parcel: { color: "#e3a05f", mark: "Pa" },
  dojo: { color: "#d04d27", mark: "Dj" },
  ember: { color: "#e04e39", mark: "E" },
  sapper: { color: "#159497", mark: "Sa" },
  cxjs: { color: "#11689f", mark: "Cx" },
  reason: { color: "#db4d3f", mark: "Rs" },
  gatsby: { color: "#663399", mark: "G" },
  marko: { color: "#2596be", mark: "M" },
  next: { color: "#f5f5f5", mark: "N" },
  nuxt: { color: "#00dc82", mark: "Nx" },
  node: { color: "#689f63", mark: "JS" },
  apollo: { color: "#311c87", mark: "Ap" },
  nest: { color: "#e0234e", mark: "Ne" },
  static: { color: "#e34f26", mark: "5" },
  styleguidist: { color: "#3f51b5", mark: "Sg" },
  gridsome: { color: "#00a672", mark: "Gr" },
  vuepress: { color: "#3eaf7c", mark: "Vp" },
  docusaurus: { color: "#3ecc5f", mark: "D" },
  "mdx-deck": { color: "#f9ac00", mark: "Md" },
  quasar: { color: "#1976d2", mark: "Q" },
  unibit: { color: "#366ba1", mark: "U" },
  remix: { color: "#e8f2ff", mark: "R" },
  solid: { color: "#2c4f7c", mark: "So" },
  javascript: { color: "#f7df1e", mark: "JS" },
  python: { color: "#3776ab", mark: "Py" },
  docker: { color: "#2496ed", mark: "D" },
};

/** Black or white, whichever reads better on a hex colour (relative luminance). */
export function contrastingInk(hex: string): "#0f0f10" | "#ffffff" {
  const value = normalizeTemplateColor(hex) ?? "#000000";
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(value.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  return luminance > 0.4 ? "#0f0f10" : "#ffffff";
}

/** Templates have an icon, react by default (spec 1 §3). */
export const DEFAULT_TEMPLATE_ICON: TemplateIcon = "react";
/** A built-in icon's default size in pixels (spec 1 §3). */
export const TEMPLATE_ICON_SIZE = 24;

export const TEMPLATE_MESSAGES = {
  colorInvalid: "The colour must be a hex colour such as #61dafb.",
  iconInvalid: `The icon must be an https:// address or the name of a built-in icon (${TEMPLATE_ICONS.join(", ")}).`,
  templateNotFound: "Template not found.",
  officialTemplateFixed: "Official templates cannot be changed.",
} as const;

export function isTemplateIcon(value: string): value is TemplateIcon {
  return (TEMPLATE_ICONS as readonly string[]).includes(value);
}

/** An icon value starting with https:// is shown as an image; anything else names a built-in icon. */
export function isIconImage(iconUrl: string | null | undefined): iconUrl is string {
  return typeof iconUrl === "string" && iconUrl.startsWith("https://");
}

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** '#abc' or '#aabbcc', answered in lowercase six-digit form; null when it is not a hex colour. */
export function normalizeTemplateColor(value: string): string | null {
  const trimmed = value.trim();
  if (!HEX_COLOUR.test(trimmed)) return null;
  const hex = trimmed.slice(1).toLowerCase();
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex}`;
}

/** The stored icon for a value a user supplied, or null when it is neither a built-in name nor an https URL. */
export function normalizeTemplateIcon(value: string): string | null {
  const trimmed = value.trim();
  if (isTemplateIcon(trimmed)) return trimmed;
  if (!trimmed.startsWith("https://") || trimmed.length > 2048) return null;
  try {
    const url = new URL(trimmed);
    return url.protocol === "https:" && url.hostname !== "" ? url.href : null;
  } catch {
    return null;
  }
}

/** Where a template runs (spec 2 §2.3: cards show 'Runs on browser' or 'Runs on server'). */
export type TemplateRuntime = "browser" | "server";

export function runsOnLabel(runtime: TemplateRuntime): string {
  return runtime === "browser" ? "Runs on browser" : "Runs on server";
}

export type OfficialTemplate = {
  /** The template sandbox's id: /s/{id} opens it. */
  id: string;
  alias: string;
  title: string;
  description: string;
  /** Lowercase; the create screen's badges are made of them (spec 2 §2.3). */
  tags: readonly string[];
  /** Hex colour of its cards. */
  color: string;
  /** A built-in icon name. */
  iconUrl: TemplateIcon;
  /** `source.template` of the sandbox and of its forks. */
  sourceTemplate: string;
  /** Browser sandboxes are sandboxes; server templates are devboxes (`isV2`). */
  runtime: TemplateRuntime;
};

/** The official templates, in the order the catalogue lists them. */
export const OFFICIAL_TEMPLATES: readonly OfficialTemplate[] = [
  {
    id: "react",
    alias: "react",
    title: "React",
    description: "React with Vite: a component, its styles and hot reloading.",
    tags: ["react", "javascript", "frontend", "vite"],
    color: "#61dafb",
    iconUrl: "react",
    sourceTemplate: "react",
    runtime: "browser",
  },
  {
    id: "react-ts",
    alias: "react-typescript",
    title: "React (TypeScript)",
    description: "React with TypeScript and Vite, type-checked with tsc.",
    tags: ["react", "typescript", "frontend", "vite"],
    color: "#3178c6",
    iconUrl: "react-ts",
    sourceTemplate: "react-ts",
    runtime: "browser",
  },
  {
    id: "vue",
    alias: "vue",
    title: "Vue",
    description: "Vue 3 single-file components with Vite.",
    tags: ["vue", "javascript", "frontend", "vite"],
    color: "#41b883",
    iconUrl: "vue",
    sourceTemplate: "vue",
    runtime: "browser",
  },
  {
    id: "preact",
    alias: "preact",
    title: "Preact",
    description: "Preact, the 3kB alternative to React, with hooks and Vite.",
    tags: ["preact", "javascript", "frontend", "vite"],
    color: "#673ab8",
    iconUrl: "preact",
    sourceTemplate: "preact",
    runtime: "browser",
  },
  {
    id: "svelte",
    alias: "svelte",
    title: "Svelte",
    description: "Svelte 5 with runes, compiled by Vite.",
    tags: ["svelte", "javascript", "frontend", "vite"],
    color: "#ff3e00",
    iconUrl: "svelte",
    sourceTemplate: "svelte",
    runtime: "browser",
  },
  {
    id: "angular",
    alias: "angular",
    title: "Angular",
    description: "An Angular standalone component application with the Angular CLI.",
    tags: ["angular", "typescript", "frontend"],
    color: "#dd0031",
    iconUrl: "angular",
    sourceTemplate: "angular",
    runtime: "browser",
  },
  {
    id: "solid",
    alias: "solid",
    title: "Solid",
    description: "SolidJS fine-grained reactivity with Vite.",
    tags: ["solid", "javascript", "frontend", "vite"],
    color: "#2c4f7c",
    iconUrl: "solid",
    sourceTemplate: "solid",
    runtime: "browser",
  },
  {
    id: "static",
    alias: "static-html",
    title: "HTML + CSS",
    description: "A static page: HTML, CSS and a script, no build step.",
    tags: ["html", "css", "static", "frontend"],
    color: "#e34f26",
    iconUrl: "static",
    sourceTemplate: "static",
    runtime: "browser",
  },
  {
    id: "vanilla",
    alias: "vanilla-javascript",
    title: "JavaScript",
    description: "Plain JavaScript modules bundled by Vite, no framework.",
    tags: ["javascript", "frontend", "vite"],
    color: "#f7df1e",
    iconUrl: "javascript",
    sourceTemplate: "vanilla",
    runtime: "browser",
  },
  {
    id: "node",
    alias: "node-http-server",
    title: "Node.js",
    description: "A Node.js HTTP server with Express, restarted on change.",
    tags: ["node", "javascript", "backend", "express"],
    color: "#5fa04e",
    iconUrl: "node",
    sourceTemplate: "node",
    runtime: "server",
  },
  {
    id: "nextjs",
    alias: "nextjs",
    title: "Next.js",
    description: "The React framework: the App Router, a page, a layout and an API route.",
    tags: ["next", "react", "javascript", "frontend", "backend"],
    color: "#0070f3",
    iconUrl: "next",
    sourceTemplate: "next",
    runtime: "server",
  },
  {
    id: "nuxt",
    alias: "nuxt",
    title: "Nuxt",
    description: "The Vue framework: a page, a layout and a server API route.",
    tags: ["nuxt", "vue", "javascript", "frontend", "backend"],
    color: "#00dc82",
    iconUrl: "nuxt",
    sourceTemplate: "nuxt",
    runtime: "server",
  },
  {
    id: "remix",
    alias: "remix",
    title: "Remix",
    description: "Remix with Vite: nested routes, a loader and an action.",
    tags: ["remix", "react", "typescript", "frontend", "backend"],
    color: "#3992ff",
    iconUrl: "remix",
    sourceTemplate: "remix",
    runtime: "server",
  },
  {
    id: "flask",
    alias: "python-flask",
    title: "Python (Flask)",
    description: "A Flask web app with a template and a JSON endpoint.",
    tags: ["python", "flask", "backend"],
    color: "#3776ab",
    iconUrl: "python",
    sourceTemplate: "python",
    runtime: "server",
  },
  {
    id: "docker",
    alias: "dockerfile",
    title: "Dockerfile",
    description: "Any stack in a container: a Dockerfile and a small Node.js server to start from.",
    tags: ["docker", "backend"],
    color: "#2496ed",
    iconUrl: "docker",
    sourceTemplate: "docker",
    runtime: "server",
  },
];

/** The create screen's 'Popular' list is taken from these 9 official template ids (spec 2 §2.3). */
export const POPULAR_TEMPLATE_IDS = [
  "react",
  "react-ts",
  "nextjs",
  "vue",
  "node",
  "vanilla",
  "static",
  "svelte",
  "flask",
] as const;

export function officialTemplate(id: string): OfficialTemplate | undefined {
  return OFFICIAL_TEMPLATES.find((t) => t.id === id);
}
