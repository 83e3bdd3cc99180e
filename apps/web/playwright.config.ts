import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";
import {
  BASE_URL,
  INBOX,
  INBOX_PORT,
  ISSUER,
  ISSUER_PORT,
  OIDC_CLIENT,
  PORT,
  PREVIEW_PORT,
  REGISTRY,
  REGISTRY_PORT,
  RUNTIME_TOKEN,
  SMTP_PORT,
  SSO_DOMAIN,
} from "./e2e/env.ts";

/**
 * End-to-end tests: Debian's Chromium against the built server (which serves the built web app)
 * on a fresh embedded database, with a local OpenID provider standing in for Google and single
 * sign-on. Run from the repository root: `npx playwright test -c apps/web/playwright.config.ts`.
 */
const here = fileURLToPath(new URL(".", import.meta.url));
const root = resolve(here, "../..");
const CI = Boolean(process.env.CI);

/** A fresh database every run: start-server.mjs deletes this directory before the server starts. */
const DATA_DIR = join(tmpdir(), `boxyard-e2e-${PORT}`);

export default defineConfig({
  testDir: "./e2e",
  globalSetup: "./e2e/global-setup.ts",
  outputDir: "./e2e/artifacts/results",
  fullyParallel: true,
  forbidOnly: CI,
  workers: 2,
  retries: CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [
    ["list"],
    [
      "json",
      {
        outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME
          ? resolve(process.env.PLAYWRIGHT_JSON_OUTPUT_NAME)
          : resolve(here, "e2e/artifacts/report.json"),
      },
    ],
  ],
  use: {
    baseURL: BASE_URL,
    viewport: { width: 1280, height: 800 },
    screenshot: "on",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "setup", testMatch: /.*\.setup\.ts/ },
    { name: "chromium", testMatch: /.*\.spec\.ts/, dependencies: ["setup"] },
  ],
  webServer: [
    {
      // The local OpenID provider (Google and the acme.test single sign-on point at it).
      name: "oidc-issuer",
      command: `npx tsx apps/server/test/standins/oidc-issuer.ts --port ${ISSUER_PORT}`,
      cwd: root,
      url: `${ISSUER}/.well-known/openid-configuration`,
      env: { BOXYARD_PUBLIC_URL: BASE_URL },
      timeout: 60_000,
      // Never someone else's issuer: its redirect URIs must be this server's.
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 2_000 },
    },
    {
      // A local SMTP server: the server's mail lands there, and tests read it at INBOX/mails.
      name: "smtp-inbox",
      command: `npx tsx apps/server/test/standins/smtp-inbox.ts --smtp-port ${SMTP_PORT} --http-port ${INBOX_PORT}`,
      cwd: root,
      url: `${INBOX}/mails`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 2_000 },
    },
    {
      // The npm registry stand-in: the packages of browser sandboxes, packed from node_modules.
      name: "npm-registry",
      command: `npx tsx apps/server/test/standins/npm-registry.ts --port ${REGISTRY_PORT}`,
      cwd: root,
      url: `${REGISTRY}/react`,
      timeout: 120_000,
      reuseExistingServer: !CI,
      stdout: "ignore",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 2_000 },
    },
    {
      // Builds what is stale, then the server on a fresh database (see e2e/start-server.mjs).
      name: "boxyard",
      command: "node apps/web/e2e/start-server.mjs",
      cwd: root,
      url: `${BASE_URL}/api/meta/features`,
      timeout: 180_000,
      reuseExistingServer: !CI,
      stdout: "ignore",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
      env: {
        PORT: String(PORT),
        BOXYARD_DATA_DIR: DATA_DIR,
        BOXYARD_PUBLIC_URL: BASE_URL,
        LOG_LEVEL: "warn",
        LOGIN_WITH_PASSWORD: "true",
        OIDC_ALLOW_INSECURE: "true",
        SSO_CONNECTIONS: JSON.stringify([{ domains: [SSO_DOMAIN], issuer: ISSUER, ...OIDC_CLIENT }]),
        GOOGLE_CLIENT_ID: OIDC_CLIENT.clientId,
        GOOGLE_CLIENT_SECRET: OIDC_CLIENT.clientSecret,
        GOOGLE_ISSUER: ISSUER,
        BOXYARD_SIGNIN_RATE_LIMIT: "1000",
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        SMTP_FROM: "Boxyard <boxyard@localhost>",
        BOXYARD_RUNTIME_TOKEN: RUNTIME_TOKEN,
        BOXYARD_PREVIEW_PORT: String(PREVIEW_PORT),
        BOXYARD_NPM_REGISTRY: REGISTRY,
      },
    },
  ],
});
