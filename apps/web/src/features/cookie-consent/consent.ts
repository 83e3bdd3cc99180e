import { useSyncExternalStore } from "react";
import { readStorage, STORAGE_KEYS, writeStorage } from "../session/storage.ts";

/** Cookie categories (spec 1 §2): functional is always on and read-only. */
export type CookieConsent = {
  functional: true;
  analytical: boolean;
  marketing: boolean;
  decidedAt: string;
};

type Listener = () => void;
const listeners = new Set<Listener>();
let settingsOpen = false;
let cached: { raw: string | null; value: CookieConsent | null } | null = null;

function emit() {
  cached = null;
  for (const listener of listeners) listener();
}

export function parseConsent(raw: string | null): CookieConsent | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<CookieConsent>;
    if (typeof value !== "object" || value === null) return null;
    return {
      functional: true,
      analytical: value.analytical === true,
      marketing: value.marketing === true,
      decidedAt: typeof value.decidedAt === "string" ? value.decidedAt : new Date(0).toISOString(),
    };
  } catch {
    return null;
  }
}

export function getConsent(): CookieConsent | null {
  const raw = readStorage(STORAGE_KEYS.cookieConsent);
  if (cached && cached.raw === raw) return cached.value;
  cached = { raw, value: parseConsent(raw) };
  return cached.value;
}

export function saveConsent(choice: { analytical: boolean; marketing: boolean }) {
  const value: CookieConsent = { functional: true, ...choice, decidedAt: new Date().toISOString() };
  writeStorage(STORAGE_KEYS.cookieConsent, JSON.stringify(value));
  settingsOpen = false;
  emit();
}

/** Analytical on means analytics is enabled, otherwise it is opted out (spec 1 §2). */
export function analyticsEnabled(): boolean {
  return getConsent()?.analytical === true;
}

/** Opens the banner again with the choices expanded (from the cookie statement page). */
export function openCookieSettings() {
  settingsOpen = true;
  emit();
}

export function closeCookieSettings() {
  settingsOpen = false;
  emit();
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useConsent() {
  const consent = useSyncExternalStore(subscribe, getConsent, getConsent);
  const open = useSyncExternalStore(
    subscribe,
    () => settingsOpen,
    () => settingsOpen,
  );
  return { consent, settingsOpen: open };
}
