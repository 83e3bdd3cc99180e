import { useSyncExternalStore } from "react";

/** Close animation of a modal (spec 1 §9). */
const CLOSE_ANIMATION_MS = 300;

export type CurrentModal = {
  key: number;
  name: string;
  props: unknown;
  open: boolean;
};

type Entry = CurrentModal & { resolve: (result: unknown) => void };

let current: Entry | null = null;
let snapshot: CurrentModal | null = null;
let counter = 0;
const listeners = new Set<() => void>();

function set(next: Entry | null) {
  current = next;
  snapshot = next ? { key: next.key, name: next.name, props: next.props, open: next.open } : null;
  for (const listener of listeners) listener();
}

/**
 * Opens a modal by name. One modal at a time: opening another closes the current one first
 * (its promise resolves with undefined). The promise resolves with the result given to close.
 */
export function openModal<R = unknown>(name: string, props?: unknown): Promise<R | undefined> {
  if (current) current.resolve(undefined);
  counter += 1;
  const key = counter;
  return new Promise<R | undefined>((resolve) => {
    set({ key, name, props: props ?? {}, open: true, resolve: resolve as (result: unknown) => void });
  });
}

/** Closes the current modal; its props (callbacks included) are cleared after the close animation. */
export function closeModal(result?: unknown) {
  const closing = current;
  if (!closing?.open) return;
  closing.resolve(result);
  set({ ...closing, open: false });
  setTimeout(() => {
    if (current?.key === closing.key) set(null);
  }, CLOSE_ANIMATION_MS);
}

export function getCurrentModal(): CurrentModal | null {
  return snapshot;
}

export function subscribeModal(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useCurrentModal() {
  return useSyncExternalStore(subscribeModal, getCurrentModal, getCurrentModal);
}

/** Test helper. */
export function resetModals() {
  current?.resolve(undefined);
  set(null);
}
