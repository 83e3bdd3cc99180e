import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { getErrorMessage } from "../../../api/errors.ts";
import {
  createFileMutation,
  createFilesMutation,
  createFolderMutation,
  deleteEntriesMutation,
  moveFileMutation,
  moveFolderMutation,
} from "../../../api/queries/sandbox-files.ts";
import { Button } from "../../../ui/Button.tsx";
import { FileIcon, FolderIcon } from "../../../ui/Icon.tsx";
import { toast } from "../../../ui/toastStore.ts";
import { confirm } from "../../modals/ConfirmModal.tsx";
import { EDITOR_MESSAGES } from "../messages.ts";
import { PanelHeader } from "../PanelHeader.tsx";
import { type Creating, FileExplorer } from "./FileExplorer.tsx";
import styles from "./FilesPanel.module.css";
import { MoveEntryDialog } from "./MoveEntryDialog.tsx";
import {
  type FileTreeFile,
  type FileTreeNode,
  nameProblem,
  nameTaken,
  parentOf,
  shortidOf,
} from "./names.ts";
import { type DroppedFile, droppedFiles, planUpload } from "./upload.ts";

type TreeNode = FileTreeNode;
type FileNode = FileTreeFile;

const failed = (text: string) => (error: Error) => toast.error(`${text}: ${getErrorMessage(error)}`);

/**
 * The Files pane: the tree and its actions (new file, new folder, upload), and what they do on
 * the server: create, rename, move (drag or 'Move to folder'), delete, upload (drop files or
 * folders from the computer, or choose them; the 5 MB limit of spec 2 §9).
 */
export function FilesPanel({
  sandboxId,
  tree,
  selectedId,
  dirty,
  canEdit,
  onOpen,
  onDeleted,
}: {
  sandboxId: string;
  tree: readonly TreeNode[];
  selectedId: string | null;
  dirty: ReadonlySet<string>;
  canEdit: boolean;
  onOpen: (shortid: string) => void;
  /** Files deleted here (their drafts go with them). */
  onDeleted: (moduleShortids: string[]) => void;
}) {
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState<Creating | null>(null);
  const [moving, setMoving] = useState<TreeNode | null>(null);
  const upload = useRef<HTMLInputElement>(null);

  const createFile = useMutation(
    createFileMutation(queryClient, sandboxId, {
      onSuccess: (module) => onOpen(module.shortid),
      onError: failed(EDITOR_MESSAGES.createFileFailed),
    }),
  );
  const createFolder = useMutation(
    createFolderMutation(queryClient, sandboxId, { onError: failed(EDITOR_MESSAGES.createFolderFailed) }),
  );
  const createFiles = useMutation(
    createFilesMutation(queryClient, sandboxId, {
      onSuccess: (created) => {
        const first = created.modules.find((m) => !m.isBinary) ?? created.modules[0];
        if (first) onOpen(first.shortid);
        toast.success(
          created.modules.length === 1 ? "1 file uploaded" : `${created.modules.length} files uploaded`,
        );
      },
      onError: failed(EDITOR_MESSAGES.uploadFailed),
    }),
  );
  const moveFile = useMutation(
    moveFileMutation(queryClient, sandboxId, { onError: failed(EDITOR_MESSAGES.moveFailed) }),
  );
  const moveFolder = useMutation(
    moveFolderMutation(queryClient, sandboxId, { onError: failed(EDITOR_MESSAGES.moveFailed) }),
  );
  const remove = useMutation(
    deleteEntriesMutation(queryClient, sandboxId, {
      onSuccess: (_data, entries) => onDeleted(entries.moduleShortids),
      onError: failed(EDITOR_MESSAGES.deleteFailed),
    }),
  );

  /** The name is checked here first (the server checks again): a refusal says why and changes nothing. */
  const checkName = (name: string, parent: string | null, except?: string) => {
    const problem =
      nameProblem(name) ?? (nameTaken(tree, parent, name, except) ? EDITOR_MESSAGES.nameTaken(name) : null);
    if (problem) toast.error(problem);
    return problem === null;
  };

  const onCreateDone = (name: string | null) => {
    const pending = creating;
    setCreating(null);
    if (!pending || name === null || !checkName(name, pending.parent)) return;
    if (pending.kind === "file") {
      createFile.mutate({ title: name, directoryShortid: pending.parent, code: "", isBinary: false });
    } else {
      createFolder.mutate({ title: name, directoryShortid: pending.parent });
    }
  };

  const rename = (node: TreeNode, name: string) => {
    if (!checkName(name, parentOf(node), node.id)) return;
    move(node, { title: name });
  };

  const move = (node: TreeNode, change: { title?: string; directoryShortid?: string | null }) => {
    if (change.directoryShortid !== undefined && nameTaken(tree, change.directoryShortid, node.name)) {
      toast.error(EDITOR_MESSAGES.nameTaken(node.name));
      return;
    }
    if (node.kind === "file") moveFile.mutate({ module: node.module, change });
    else moveFolder.mutate({ shortid: shortidOf(node.id), change });
  };

  const deleteNode = async (node: TreeNode) => {
    const files = node.kind === "file" ? [node] : collectFiles(node);
    const unsaved = files.some((f) => dirty.has(f.module.shortid));
    const ok = await confirm({
      title: node.kind === "file" ? `Delete ${node.name}?` : `Delete the folder ${node.name}?`,
      message:
        (node.kind === "file"
          ? "The file will be deleted for everyone."
          : `The folder and the ${files.length === 1 ? "file" : `${files.length} files`} in it will be deleted for everyone.`) +
        (unsaved ? " Its unsaved changes will be lost." : ""),
      confirmLabel: "Delete",
      danger: true,
    });
    if (!ok) return;
    remove.mutate(
      node.kind === "file"
        ? { moduleShortids: [node.module.shortid], directoryShortids: [] }
        : { moduleShortids: files.map((f) => f.module.shortid), directoryShortids: [shortidOf(node.id)] },
    );
  };

  const uploadFiles = async (files: DroppedFile[], target: string | null) => {
    if (files.length === 0) return;
    const plan = await planUpload(files, target, tree);
    if (plan.tooLarge.length > 0)
      toast.error(`${EDITOR_MESSAGES.fileTooLarge} (${plan.tooLarge.join(", ")})`);
    if (plan.modules.length === 0) return;
    createFiles.mutate({ modules: plan.modules, directories: plan.directories });
  };

  return (
    <section className={styles.panel} aria-label="Files panel">
      <PanelHeader title="Files">
        {canEdit && (
          <>
            <Button
              variant="ghost"
              size="sm"
              iconOnly
              aria-label="New file"
              title="New file"
              onClick={() => setCreating({ kind: "file", parent: null })}
            >
              <FileIcon size={14} />
            </Button>
            <Button
              variant="ghost"
              size="sm"
              iconOnly
              aria-label="New folder"
              title="New folder"
              onClick={() => setCreating({ kind: "directory", parent: null })}
            >
              <FolderIcon size={14} />
            </Button>
            <Button
              variant="ghost"
              size="sm"
              iconOnly
              aria-label="Upload files"
              title="Upload files"
              onClick={() => upload.current?.click()}
            >
              <UploadIcon />
            </Button>
            <input
              ref={upload}
              type="file"
              multiple
              hidden
              aria-hidden="true"
              tabIndex={-1}
              onChange={(event) => {
                const chosen = [...(event.target.files ?? [])].map((file) => ({ path: file.name, file }));
                event.target.value = "";
                void uploadFiles(chosen, null);
              }}
            />
          </>
        )}
      </PanelHeader>
      {tree.length === 0 && !creating ? (
        <p className={styles.empty}>
          {canEdit ? "No files yet. Create one, or drop files here." : "No files."}
        </p>
      ) : null}
      <FileExplorer
        tree={tree}
        selectedId={selectedId}
        dirty={dirty}
        canEdit={canEdit}
        creating={creating}
        onOpen={(file) => onOpen(file.module.shortid)}
        onNew={(kind, parent) => setCreating({ kind, parent })}
        onCreateDone={onCreateDone}
        onRename={rename}
        onMove={(node, target) => move(node, { directoryShortid: target })}
        onMoveDialog={setMoving}
        onDelete={(node) => void deleteNode(node)}
        onDropFiles={(data, target) => void droppedFiles(data).then((files) => uploadFiles(files, target))}
      />
      {moving && (
        <MoveEntryDialog
          tree={tree}
          node={moving}
          onClose={() => setMoving(null)}
          onMove={(target) => {
            const node = moving;
            setMoving(null);
            move(node, { directoryShortid: target });
          }}
        />
      )}
    </section>
  );
}

function collectFiles(node: TreeNode): FileNode[] {
  if (node.kind === "file") return [node];
  return node.children.flatMap(collectFiles);
}

function UploadIcon() {
  return (
    <svg
      width={14}
      height={14}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M12 16V4M6 10l6-6 6 6M4 20h16" />
    </svg>
  );
}
