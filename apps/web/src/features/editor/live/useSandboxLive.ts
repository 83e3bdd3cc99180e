import { sandboxTopic } from "@boxyard/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import {
  cachedSandboxFiles,
  EDITOR_CLIENT_ID,
  sandboxFiles,
  updateSandboxFiles,
  withModules,
  withoutEntries,
} from "../../../api/queries/sandbox-files.ts";
import type { SandboxFilesEvent, SandboxPresenceEvent, UserSummary } from "../../../api/rest-types.ts";
import type { LiveSocket } from "../../live/liveSocket.ts";
import { liveSocket, useLiveTopic } from "../../live/useLiveTopic.ts";

/**
 * Follows `sandbox:<id>` while the editor is open (signed in): files someone else saved, created or
 * deleted are read again into the page's cache (the editor then shows them, or turns unsaved text
 * into a conflict), a change of folders reads all the files again, and `presence` says who else is
 * here. After a reconnection everything is read again, since events may have been missed.
 */
export function useSandboxLive(
  sandboxId: string,
  enabled: boolean,
  socket: LiveSocket = liveSocket,
): UserSummary[] {
  const queryClient = useQueryClient();
  const [present, setPresent] = useState<UserSummary[]>([]);
  const joined = useRef(false);

  const reloadFiles = async () => {
    try {
      const files = await sandboxFiles.list(sandboxId);
      updateSandboxFiles(queryClient, sandboxId, () => files);
    } catch (error) {
      console.warn("Could not read the sandbox's files again", error);
    }
  };

  const readModules = async (event: SandboxFilesEvent) => {
    const deleted = event.modules.filter((m) => m.deleted).map((m) => m.shortid);
    if (deleted.length > 0) {
      updateSandboxFiles(queryClient, sandboxId, withoutEntries({ moduleShortids: deleted }));
    }
    const known = new Map(
      (cachedSandboxFiles(queryClient, sandboxId)?.modules ?? []).map((m) => [m.shortid, m]),
    );
    const changed = event.modules.filter(
      (m) => !m.deleted && (known.get(m.shortid)?.version ?? 0) < m.version,
    );
    const modules = await Promise.all(
      changed.map((m) => sandboxFiles.get(sandboxId, m.shortid).catch(() => null)),
    );
    const found = modules.filter((m) => m !== null);
    if (found.length > 0) updateSandboxFiles(queryClient, sandboxId, withModules(found));
    // A file that is gone by the time it is read: the next event or reload tells.
    if (found.length < changed.length) void reloadFiles();
  };

  useLiveTopic(enabled ? sandboxTopic(sandboxId) : null, socket, {
    onJoin: () => {
      if (joined.current) void reloadFiles();
      joined.current = true;
    },
    onEvent: (event, payload) => {
      if (event === "presence") {
        setPresent((payload as SandboxPresenceEvent).users ?? []);
        return;
      }
      if (event !== "sandbox-files") return;
      const files = payload as SandboxFilesEvent;
      if (files.clientId === EDITOR_CLIENT_ID) return;
      if (files.directories) void reloadFiles();
      else void readModules(files);
    },
  });

  return present;
}
