/**
 * The part of a browser a sign-in test needs on the identity provider's side: follows redirects
 * with `fetch(..., { redirect: "manual" })`, keeps the provider's cookies per origin, and stops when
 * the provider sends the browser back to the app, either by a redirect or by an auto-posting form
 * (`response_mode=form_post`).
 */
export type BackToApp =
  | { kind: "redirect"; url: URL }
  | { kind: "form_post"; url: URL; fields: Record<string, string> };

function decodeEntities(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCharCode(Number.parseInt(n, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** The fields of the first `<form method="post">` in a page, and where it posts. */
export function parseAutoPostForm(
  html: string,
  base: string,
): { url: URL; fields: Record<string, string> } | null {
  const form = /<form[^>]*method="post"[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) return null;
  const fields: Record<string, string> = {};
  for (const input of form[2]!.matchAll(/<input[^>]*>/gi)) {
    const name = /name="([^"]*)"/.exec(input[0])?.[1];
    const value = /value="([^"]*)"/.exec(input[0])?.[1] ?? "";
    if (name) fields[decodeEntities(name)] = decodeEntities(value);
  }
  return { url: new URL(decodeEntities(form[1]!), base), fields };
}

export function providerBrowser() {
  const jars = new Map<string, Map<string, string>>();
  const jarFor = (origin: string) => {
    const jar = jars.get(origin) ?? new Map<string, string>();
    jars.set(origin, jar);
    return jar;
  };

  const remember = (origin: string, response: Response) => {
    const jar = jarFor(origin);
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";").map((p) => p.trim());
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      const expired = attributes.some((a) => {
        const [key, v] = a.split("=");
        if (key?.toLowerCase() === "max-age") return Number(v) <= 0;
        if (key?.toLowerCase() === "expires") return new Date(v ?? "").getTime() <= Date.now();
        return false;
      });
      if (expired || value === "") jar.delete(name);
      else jar.set(name, value);
    }
  };

  return {
    /**
     * Opens `start` and follows the provider's redirects until they lead back to `appOrigin`.
     * Throws with the provider's answer when it stops anywhere else.
     */
    async visit(start: string | URL, appOrigin: string): Promise<BackToApp> {
      let url = new URL(start);
      for (let hop = 0; hop < 15; hop++) {
        const jar = jarFor(url.origin);
        const response = await fetch(url, {
          redirect: "manual",
          headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
        });
        remember(url.origin, response);
        const location = response.headers.get("location");
        if (response.status >= 300 && response.status < 400 && location) {
          await response.body?.cancel();
          const next = new URL(location, url);
          if (next.origin === appOrigin) return { kind: "redirect", url: next };
          url = next;
          continue;
        }
        const body = await response.text();
        const form = response.ok ? parseAutoPostForm(body, url.href) : null;
        if (form && form.url.origin === appOrigin) return { kind: "form_post", ...form };
        throw new Error(`The provider stopped at ${url.href} with ${response.status}: ${body.slice(0, 500)}`);
      }
      throw new Error("Too many redirects at the provider.");
    },
    cookies(origin: string) {
      return new Map(jarFor(origin));
    },
  };
}
