import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { PreviewBridge, type PreviewFiles } from "./previewBridge.ts";
import { type ConsoleLevel, readPreviewMessage, type SourceLocation } from "./protocol.ts";

export type ConsoleEntry = {
  id: number;
  level: ConsoleLevel;
  text: string;
  source?: SourceLocation;
  /** An uncaught error (runtime) or a file that does not compile (build). */
  error?: "build" | "runtime";
};

export type PreviewStatus = "loading" | "ready" | "error";

/** The console keeps this many entries; older ones go. */
const MAX_ENTRIES = 500;
/** Typing is sent to the preview after this pause (a keystroke to the updated app stays under 150 ms). */
const TYPING_DEBOUNCE_MS = 40;

/**
 * One sandbox's preview in the editor: the iframe's address, what its console received, its
 * status and location, and the bridge that sends it the files (apps/preview runs them).
 */
export function usePreview({
  sandboxId,
  previewUrl,
  readFiles,
}: {
  sandboxId: string;
  previewUrl: string | null;
  readFiles: () => PreviewFiles;
}) {
  const read = useRef(readFiles);
  read.current = readFiles;
  const bridge = useMemo(
    () => (previewUrl ? new PreviewBridge(new URL(previewUrl).origin, () => read.current()) : null),
    [previewUrl],
  );
  const [entries, setEntries] = useState<ConsoleEntry[]>([]);
  const [location, setLocation] = useState("/");
  const [status, setStatus] = useState<PreviewStatus>("loading");
  const [frame, setFrame] = useState({ key: 0, path: "/" });
  const nextId = useRef(0);

  const add = useCallback((entry: Omit<ConsoleEntry, "id">) => {
    setEntries((list) => [...list.slice(-(MAX_ENTRIES - 1)), { ...entry, id: ++nextId.current }]);
  }, []);

  useEffect(() => {
    if (!bridge) return;
    const onMessage = (event: MessageEvent) => {
      if (!bridge.owns(event)) return;
      const message = readPreviewMessage(event.data);
      if (!message) return;
      switch (message.type) {
        case "boxyard:ready":
          bridge.ready();
          break;
        case "boxyard:location":
          setLocation(message.path || "/");
          break;
        case "boxyard:status":
          setStatus(message.status);
          break;
        case "boxyard:console":
          add({ level: message.level, text: message.text, source: message.source });
          break;
        case "boxyard:error":
          add({ level: "error", text: message.message, source: message.source, error: message.kind });
          break;
      }
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [bridge, add]);

  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** Files may have changed (typed, saved, renamed): the preview gets the difference shortly. */
  const filesChanged = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => bridge?.sync(), TYPING_DEBOUNCE_MS);
  }, [bridge]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const frameRef = useCallback((element: HTMLIFrameElement | null) => bridge?.attach(element), [bridge]);

  const base = previewUrl ? `${previewUrl.replace(/\/$/, "")}/${encodeURIComponent(sandboxId)}` : null;
  return {
    available: bridge !== null,
    src: base ? `${base}${frame.path}` : null,
    frameKey: frame.key,
    frameRef,
    /** The app at `path` in a tab of its own (works for anyone who may read the sandbox). */
    tabUrl: base ? `${base}${location}` : null,
    location,
    status,
    entries,
    clearConsole: () => setEntries([]),
    /** A fresh iframe at the current path: works even when the app hangs. */
    reload: () => {
      setStatus("loading");
      setFrame((f) => ({ key: f.key + 1, path: location }));
    },
    navigate: (path: string) => {
      const target = path.startsWith("/") ? path : `/${path}`;
      setLocation(target);
      bridge?.navigate(target);
    },
    filesChanged,
  };
}

export type PreviewState = ReturnType<typeof usePreview>;
