import { mkdirSync } from "node:fs";
import { join } from "node:path";
import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  expect,
  type Page,
  request as playwrightRequest,
  type TestInfo,
} from "@playwright/test";
import { BASE_URL, ISSUER, SSO_DOMAIN } from "./env.ts";
import { SIGNUP_SUBJECT, VERIFICATION_SUBJECT, waitForMail } from "./inbox.ts";
import { SCREENS } from "./paths.ts";

export { AUTH_STATE, AUTH_USER } from "./paths.ts";

/** The header the server asks for on state-changing requests (CSRF defence). */
export const CLIENT_HEADER = { "x-boxyard-client": "web" } as const;
const CONSENT_KEY = "boxyard:cookie-consent";

/** Short and unique across runs and workers: e-mails and usernames made from it never collide. */
export function uniqueId(prefix = "e2e"): string {
  const stamp = Date.now().toString(36);
  const random = Math.random().toString(36).slice(2, 7);
  return `${prefix}-${stamp}${random}`;
}

export type TestUser = {
  id?: string;
  email: string;
  password: string;
  username: string;
  name: string;
  primaryTeamId?: string | null;
};

export function newUserData(prefix = "e2e", domain = "example.test"): TestUser {
  const id = uniqueId(prefix);
  return {
    email: `${id}@${domain}`,
    password: "correct horse battery staple",
    username: id,
    name: `E2E ${id}`,
  };
}

async function ok(response: Awaited<ReturnType<APIRequestContext["post"]>>, what: string) {
  if (!response.ok()) {
    throw new Error(`${what} answered ${response.status()}: ${await response.text()}`);
  }
  return response;
}

/**
 * A finished local account made through the API, the way the web app does it: sign-up, the link
 * mailed to the address (the pending user becomes bound to this request context's cookie), then
 * onboarding (finalize), which signs the user in.
 * Pass a request context to keep its cookies (the setup project saves them); otherwise a throwaway
 * one is used.
 */
export async function createLocalUser(
  user: TestUser = newUserData(),
  context?: APIRequestContext,
): Promise<TestUser> {
  const api = context ?? (await playwrightRequest.newContext({ baseURL: BASE_URL }));
  try {
    const signup = await ok(
      await api.post("/api/v1/auth/local/signup", {
        headers: CLIENT_HEADER,
        data: { email: user.email, password: user.password },
      }),
      "POST /api/v1/auth/local/signup",
    );
    let answer = (await signup.json()) as { type: string; pendingUserId?: string };
    if (answer.type === "verify-email") {
      // The address is proven first: the person follows the link mailed to them.
      const link = await waitForMail(user.email, SIGNUP_SUBJECT);
      const continued = await ok(
        await api.post("/api/v1/auth/local/signup/continue", {
          headers: CLIENT_HEADER,
          data: { token: new URL(link.link!).searchParams.get("token") },
        }),
        "POST /api/v1/auth/local/signup/continue",
      );
      answer = (await continued.json()) as typeof answer;
    }
    if (answer.type !== "signup" || !answer.pendingUserId) {
      throw new Error(`Sign-up of ${user.email} answered ${JSON.stringify(answer)}`);
    }
    const finalize = await ok(
      await api.post("/api/v1/users/finalize", {
        headers: CLIENT_HEADER,
        data: {
          id: answer.pendingUserId,
          username: user.username,
          name: user.name,
          role: "frontend",
          usage: "personal",
        },
      }),
      "POST /api/v1/users/finalize",
    );
    const { primaryTeamId } = (await finalize.json()) as { primaryTeamId?: string | null };
    let current = await ok(await api.get("/api/v1/users/current"), "GET /api/v1/users/current");
    if (((await current.json()) as { emailVerified?: boolean }).emailVerified === false) {
      // Signed up without proving the address: the person follows the verification link mailed to them.
      const mail = await waitForMail(user.email, VERIFICATION_SUBJECT);
      await ok(
        await api.post("/api/v1/auth/verification/confirm", {
          headers: CLIENT_HEADER,
          data: { token: new URL(mail.link!).searchParams.get("token") },
        }),
        "POST /api/v1/auth/verification/confirm",
      );
      current = await ok(await api.get("/api/v1/users/current"), "GET /api/v1/users/current");
    }
    const me = (await current.json()) as { id: string; username: string };
    expect(me.username).toBe(user.username);
    return { ...user, id: me.id, primaryTeamId: primaryTeamId ?? null };
  } finally {
    if (!context) await api.dispose();
  }
}

/** The local OpenID provider's control endpoints (apps/server/test/standins/oidc-issuer.ts). */
export const issuer = {
  /** Adds an account at the provider (it also becomes the provider's next account). */
  async addAccount(account: { sub: string; email: string; name?: string }) {
    const response = await fetch(`${ISSUER}/__standin/accounts`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(account),
    });
    if (!response.ok) throw new Error(`The stand-in issuer refused the account: ${await response.text()}`);
  },

  /** A new account at the single sign-on domain, unique to this run. */
  async newSsoAccount(prefix = "sso") {
    const id = uniqueId(prefix);
    const account = { sub: `e2e-${id}`, email: `${id}@${SSO_DOMAIN}`, name: `SSO ${id}` };
    await this.addAccount(account);
    return { ...account, username: id };
  },

  /**
   * The provider's "next account" is shared by every test of the run, and two workers sign in at
   * the same time: each sign-in through this context carries the account as `login_hint`, which
   * the stand-in prefers over its next account.
   */
  async pinAccount(context: BrowserContext, email: string) {
    await context.unroute(isAuthorizeRequest).catch(() => undefined);
    await context.route(isAuthorizeRequest, (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set("login_hint", email);
      return route.continue({ url: url.href });
    });
  },
};

function isAuthorizeRequest(url: URL): boolean {
  return url.origin === ISSUER && url.pathname === "/auth";
}

/** A full-page screenshot kept in e2e/artifacts/screens/<name>.png and attached to the report. */
export async function screen(page: Page, testInfo: TestInfo, name: string) {
  mkdirSync(SCREENS, { recursive: true });
  const path = join(SCREENS, `${name}.png`);
  await page.screenshot({ path, fullPage: true, animations: "disabled" });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

/** Records the arguments of window.open, e.g. the sign-in popup's size. */
export async function recordWindowOpen(page: Page) {
  await page.addInitScript(() => {
    const calls: string[][] = [];
    Object.defineProperty(window, "__openCalls", { value: calls });
    const open = window.open.bind(window);
    window.open = (...args: Parameters<typeof window.open>) => {
      calls.push(args.map((arg) => String(arg ?? "")));
      return open(...args);
    };
  });
}

export async function windowOpenCalls(page: Page): Promise<string[][]> {
  return page.evaluate(() => (window as unknown as { __openCalls: string[][] }).__openCalls);
}

/** Decides the cookie banner before any page of the context starts (a context a test opens itself). */
export async function decideCookieBanner(context: BrowserContext) {
  await context.addInitScript(
    ([key]) => {
      try {
        if (!window.localStorage.getItem(key!)) {
          const decided = { analytical: false, marketing: false, decidedAt: new Date().toISOString() };
          window.localStorage.setItem(key!, JSON.stringify(decided));
        }
      } catch {
        // Pages without storage (about:blank) have no banner either.
      }
    },
    [CONSENT_KEY],
  );
}

type Options = {
  /** Decide the cookie banner before the app starts (true unless a test is about the banner). */
  acceptCookies: boolean;
};

export const test = base.extend<Options>({
  acceptCookies: [true, { option: true }],
  context: async ({ context, acceptCookies }, use) => {
    if (acceptCookies) await decideCookieBanner(context);
    await use(context);
  },
});

export { expect };
