import { useCallback, useEffect, useRef, useState } from "react";

type TabsState = { tabs: string[]; active: string | null };

const storageKey = (sandboxId: string) => `boxyard:editor-tabs:${sandboxId}`;

function readTabs(sandboxId: string): TabsState | null {
  try {
    const raw = window.localStorage.getItem(storageKey(sandboxId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<TabsState>;
    const tabs = Array.isArray(parsed.tabs)
      ? parsed.tabs.filter((t): t is string => typeof t === "string")
      : [];
    const active = typeof parsed.active === "string" && tabs.includes(parsed.active) ? parsed.active : null;
    return { tabs, active };
  } catch {
    return null;
  }
}

/**
 * The open files of a sandbox (by shortid) and the active one, remembered in this browser.
 * Tabs of files that no longer exist close (unless `keep` holds them: a conflict to resolve).
 */
export function useEditorTabs(
  sandboxId: string,
  exists: (shortid: string) => boolean,
  initial: string | null,
  keep: ReadonlySet<string>,
) {
  const [state, setState] = useState<TabsState>(() => {
    const stored = readTabs(sandboxId);
    const tabs = (stored?.tabs ?? []).filter((t) => exists(t) || keep.has(t));
    if (tabs.length > 0)
      return { tabs, active: stored?.active && tabs.includes(stored.active) ? stored.active : tabs[0]! };
    return initial ? { tabs: [initial], active: initial } : { tabs: [], active: null };
  });

  useEffect(() => {
    try {
      window.localStorage.setItem(storageKey(sandboxId), JSON.stringify(state));
    } catch {
      // Tabs are a convenience: not remembering them is fine.
    }
  }, [sandboxId, state]);

  // Files deleted (here or by someone else) lose their tabs. A tab is only closed for a file seen
  // before: a file just created may open before the page's list of files has it.
  const seen = useRef(new Set<string>());
  for (const t of state.tabs) if (exists(t)) seen.current.add(t);
  const goneKey = state.tabs.filter((t) => !exists(t) && !keep.has(t) && seen.current.has(t)).join("\n");
  useEffect(() => {
    if (goneKey === "") return;
    const gone = goneKey.split("\n");
    setState((previous) => {
      const tabs = previous.tabs.filter((t) => !gone.includes(t));
      const index = previous.active ? previous.tabs.indexOf(previous.active) : -1;
      const active =
        previous.active && tabs.includes(previous.active)
          ? previous.active
          : (tabs[Math.min(index, tabs.length - 1)] ?? null);
      return { tabs, active };
    });
  }, [goneKey]);

  const open = useCallback(
    (shortid: string) =>
      setState((previous) => ({
        tabs: previous.tabs.includes(shortid) ? previous.tabs : [...previous.tabs, shortid],
        active: shortid,
      })),
    [],
  );

  const close = useCallback(
    (shortid: string) =>
      setState((previous) => {
        const index = previous.tabs.indexOf(shortid);
        if (index < 0) return previous;
        const tabs = previous.tabs.filter((t) => t !== shortid);
        const active =
          previous.active === shortid ? (tabs[Math.min(index, tabs.length - 1)] ?? null) : previous.active;
        return { tabs, active };
      }),
    [],
  );

  /** A file was made again under a new shortid ('Keep mine' of a deleted file): its tab follows. */
  const replace = useCallback(
    (from: string, to: string) =>
      setState((previous) => ({
        tabs: previous.tabs.map((t) => (t === from ? to : t)),
        active: previous.active === from ? to : previous.active,
      })),
    [],
  );

  const move = useCallback(
    (shortid: string, offset: number) =>
      setState((previous) => {
        const index = previous.tabs.indexOf(shortid);
        const target = index + offset;
        if (index < 0 || target < 0 || target >= previous.tabs.length) return previous;
        const tabs = [...previous.tabs];
        tabs.splice(index, 1);
        tabs.splice(target, 0, shortid);
        return { ...previous, tabs };
      }),
    [],
  );

  return { tabs: state.tabs, active: state.active, open, close, replace, move };
}
