import { OFFICIAL_TEMPLATES } from "@boxyard/domain";

const FALLBACK_COLOURS = [
  "#3b82f6",
  "#14b8a6",
  "#a855f7",
  "#f97316",
  "#ec4899",
  "#22c55e",
  "#eab308",
  "#6366f1",
];

type TemplateColour = { color?: string | null } | null | undefined;

/** What decides a sandbox's colour; every sandbox shape the app fetches has these fields. */
export type ColourSource = {
  id: string;
  source: { template: string | null } | null;
  /** Set when the sandbox is itself a template. */
  customTemplate?: TemplateColour;
  /** The Templates list's template entry (the same template as `customTemplate`). */
  template?: TemplateColour;
  forkedTemplate?: TemplateColour;
};

/**
 * The one colour a sandbox shows on every page (cards, rows, drag preview, the sandbox page): its
 * own template colour, else the colour of the template it was forked from, else its official
 * template's, else one picked from its source template name (or id) so it never changes between pages.
 */
export function sandboxColour(sandbox: ColourSource): string {
  const own = sandbox.customTemplate?.color ?? sandbox.template?.color ?? sandbox.forkedTemplate?.color;
  if (own) return own;
  const sourceTemplate = sandbox.source?.template ?? null;
  const official = OFFICIAL_TEMPLATES.find((t) => t.sourceTemplate === sourceTemplate);
  if (official) return official.color;
  let hash = 0;
  for (const char of sourceTemplate || sandbox.id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return FALLBACK_COLOURS[hash % FALLBACK_COLOURS.length]!;
}
