/** Where the end-to-end tests find the server and the local OpenID provider (see playwright.config.ts). */
/** E2E_PORT and E2E_ISSUER_PORT let two checkouts run their end-to-end tests at the same time. */
export const PORT = Number(process.env.E2E_PORT ?? 4173);
/** `localhost` everywhere: cookies are per host, and the server's public URL must match it. */
export const BASE_URL = `http://localhost:${PORT}`;
export const ISSUER_PORT = Number(process.env.E2E_ISSUER_PORT ?? 4455);
export const ISSUER = `http://127.0.0.1:${ISSUER_PORT}`;
export const OIDC_CLIENT = { clientId: "boxyard-e2e", clientSecret: "boxyard-e2e-secret" } as const;
/** The single sign-on domain configured in SSO_CONNECTIONS. */
export const SSO_DOMAIN = "acme.test";
/** The local SMTP server the e2e server sends its mail to, and where tests read what it received. */
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? PORT + 700);
export const INBOX_PORT = Number(process.env.E2E_INBOX_PORT ?? PORT + 800);
export const INBOX = `http://127.0.0.1:${INBOX_PORT}`;
/** The bearer token of the devbox runtime's routes (BOXYARD_RUNTIME_TOKEN of the e2e server). */
export const RUNTIME_TOKEN = "e2e-runtime-token";
/** The preview origin (browser sandboxes): another port, and 127.0.0.1 where the editor is at localhost. */
export const PREVIEW_PORT = Number(process.env.E2E_PREVIEW_PORT ?? PORT + 900);
export const PREVIEW_URL = `http://127.0.0.1:${PREVIEW_PORT}`;
/** The local npm registry stand-in (apps/server/test/standins/npm-registry.ts) the server's packages come from. */
export const REGISTRY_PORT = Number(process.env.E2E_REGISTRY_PORT ?? PORT + 950);
export const REGISTRY = `http://127.0.0.1:${REGISTRY_PORT}`;
