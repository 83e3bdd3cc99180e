import type { SandboxFileModule } from "../../api/rest-types.ts";
import type { FileSession, SessionSnapshot } from "../editor/session/fileSession.ts";
import { DependenciesPanel } from "./DependenciesPanel.tsx";

/**
 * The dependencies panel over the editor's file session: it reads the root package.json as the
 * editor shows it (unsaved text included) and writes it as typing would, so a change is saved
 * with the version it was based on and a stale one becomes the editor's conflict.
 */
export function SandboxDependencies({
  modules,
  session,
  snapshot,
  canEdit,
  onOpen,
}: {
  /** The sandbox's files (the page's cache). */
  modules: readonly SandboxFileModule[];
  session: FileSession;
  snapshot: SessionSnapshot;
  canEdit: boolean;
  onOpen: (shortid: string) => void;
}) {
  const module = modules.find(
    (m) => m.title === "package.json" && m.directoryShortid === null && !m.isBinary,
  );
  const shortid = module?.shortid;
  return (
    <DependenciesPanel
      file={
        shortid
          ? {
              text: session.text(shortid) ?? "",
              conflict: snapshot.conflicts.has(shortid),
              saving: snapshot.saving.has(shortid),
              failed: snapshot.failed.get(shortid) ?? null,
            }
          : null
      }
      canEdit={canEdit}
      onWrite={async (text) => {
        if (!shortid) return false;
        session.edit(shortid, text);
        return session.save(shortid);
      }}
      onOpenFile={() => shortid && onOpen(shortid)}
    />
  );
}
