export type BrowserInfo = { browser: string; version: string; os: string };

/** Browser, version and OS from a user agent string, for the crash report. */
export function describeBrowser(userAgent: string): BrowserInfo {
  const ua = userAgent;
  const rules: [string, RegExp][] = [
    ["Edge", /Edg(?:e|A|iOS)?\/([\d.]+)/],
    ["Opera", /OPR\/([\d.]+)/],
    ["Firefox", /(?:Firefox|FxiOS)\/([\d.]+)/],
    ["Chrome", /(?:Chrome|CriOS)\/([\d.]+)/],
    ["Safari", /Version\/([\d.]+).*Safari/],
  ];
  let browser = "Unknown browser";
  let version = "unknown";
  for (const [name, pattern] of rules) {
    const match = ua.match(pattern);
    if (match) {
      browser = name;
      version = match[1] ?? "unknown";
      break;
    }
  }
  let os = "Unknown OS";
  if (/Windows NT/.test(ua)) os = "Windows";
  else if (/iPhone|iPad|iPod/.test(ua)) os = "iOS";
  else if (/Mac OS X|Macintosh/.test(ua)) os = "macOS";
  else if (/Android/.test(ua)) os = "Android";
  else if (/CrOS/.test(ua)) os = "ChromeOS";
  else if (/Linux/.test(ua)) os = "Linux";
  return { browser, version, os };
}

export function errorCode(error: unknown): string {
  if (error && typeof error === "object" && "code" in error && typeof error.code === "string")
    return error.code;
  if (error instanceof Error) return error.name;
  return "UNKNOWN";
}

/** The prefilled issue form the 'Report Crash' button opens (spec 1 §2). */
export function crashReportUrl({
  issueUrl,
  error,
  route,
  userAgent,
  appVersion,
}: {
  issueUrl: string;
  error: unknown;
  route: string;
  userAgent: string;
  appVersion: string;
}): string {
  const { browser, version, os } = describeBrowser(userAgent);
  const message = error instanceof Error ? error.message : String(error);
  const stack = error instanceof Error && error.stack ? error.stack : message;
  const title = `Crash: ${message}`.slice(0, 200);
  const body = [
    "## What happened",
    "",
    "<!-- What were you doing when the crash happened? -->",
    "",
    "## Details",
    "",
    `- Browser: ${browser}`,
    `- Version: ${version}`,
    `- OS: ${os}`,
    `- Route: ${route}`,
    `- Error code: ${errorCode(error)}`,
    `- App version: ${appVersion}`,
    "",
    "## Stack",
    "",
    "```",
    stack.slice(0, 4000),
    "```",
  ].join("\n");
  const url = new URL(issueUrl);
  url.searchParams.set("title", title);
  url.searchParams.set("body", body);
  return url.toString();
}
