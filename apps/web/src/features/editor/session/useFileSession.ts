import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, useSyncExternalStore } from "react";
import { getErrorMessage } from "../../../api/errors.ts";
import type { SandboxDetail } from "../../../api/queries/sandbox.ts";
import {
  cachedSandboxFiles,
  sandboxFiles,
  updateSandboxFiles,
  withModules,
} from "../../../api/queries/sandbox-files.ts";
import type { SandboxFileModule } from "../../../api/rest-types.ts";
import { localDraftStorage } from "./drafts.ts";
import { FileSession } from "./fileSession.ts";

/**
 * The editing session of the sandbox shown: drafts, saves and conflicts (FileSession) over the
 * files of the page's cache. It compares its drafts whenever the server's files change, saves the
 * drafts a reload left when the person may edit, warns before the tab closes with unsaved text,
 * and tries again when the browser is back online.
 */
export function useFileSession(sandbox: SandboxDetail, canEdit: boolean) {
  const queryClient = useQueryClient();
  const sandboxId = sandbox.id;
  const [session] = useState(() => {
    let indexed: SandboxFileModule[] | null = null;
    let byShortid = new Map<string, SandboxFileModule>();
    return new FileSession({
      storage: localDraftStorage(sandboxId),
      server: (shortid) => {
        const modules = cachedSandboxFiles(queryClient, sandboxId)?.modules ?? null;
        if (modules !== indexed) {
          indexed = modules;
          byShortid = new Map((modules ?? []).map((m) => [m.shortid, m]));
        }
        return byShortid.get(shortid);
      },
      save: (shortid, code, baseVersion) => sandboxFiles.update(sandboxId, shortid, { code }, baseVersion),
      onSaved: (module) => updateSandboxFiles(queryClient, sandboxId, withModules([module])),
      recreate: (draft) => {
        const files = cachedSandboxFiles(queryClient, sandboxId);
        const folderExists = files?.directories.some((d) => d.shortid === draft.directoryShortid) ?? false;
        return sandboxFiles.create(sandboxId, {
          title: draft.title,
          directoryShortid: folderExists ? draft.directoryShortid : null,
          code: draft.code,
          isBinary: false,
        });
      },
      errorText: getErrorMessage,
    });
  });

  useEffect(() => {
    session.start();
    return () => session.stop();
  }, [session]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the session reads the files from the cache; a new list is the signal.
  useEffect(() => {
    session.serverChanged();
  }, [session, sandbox.modules]);

  useEffect(() => {
    if (canEdit) session.resume();
  }, [session, canEdit]);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      session.persistNow();
      if (!session.hasUnsaved) return;
      event.preventDefault();
      // Older browsers need a value to ask.
      event.returnValue = "";
    };
    const onPageHide = () => session.persistNow();
    const onOnline = () => void session.saveAll();
    window.addEventListener("beforeunload", onBeforeUnload);
    window.addEventListener("pagehide", onPageHide);
    window.addEventListener("online", onOnline);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      window.removeEventListener("pagehide", onPageHide);
      window.removeEventListener("online", onOnline);
    };
  }, [session]);

  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);
  return { session, snapshot };
}
