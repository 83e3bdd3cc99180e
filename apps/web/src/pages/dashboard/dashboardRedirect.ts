type Rule = { from: RegExp; to: (match: RegExpMatchArray) => string };

/** Dashboard redirects (spec 1 §2), checked in order. */
export const DASHBOARD_REDIRECTS: readonly Rule[] = [
  { from: /^$/, to: () => "recent" },
  { from: /^archive\/?$/, to: () => "deleted" },
  { from: /^home\/?$/, to: () => "recent" },
  { from: /^always-on\/?$/, to: () => "recent" },
  { from: /^all(\/.*)?$/, to: (match) => `sandboxes${(match[1] ?? "").replace(/\/$/, "")}` },
];

/** Where an unknown dashboard path goes: the table above, else recent; the query is kept. */
export function dashboardRedirect(pathname: string, search = ""): string {
  const rest = pathname.replace(/^\/dashboard\/?/, "");
  for (const rule of DASHBOARD_REDIRECTS) {
    const match = rest.match(rule.from);
    if (match) return `/dashboard/${rule.to(match)}${search}`;
  }
  return `/dashboard/recent${search}`;
}
