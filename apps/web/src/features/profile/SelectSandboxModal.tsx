import { ACCOUNT_MESSAGES, canFeature } from "@boxyard/domain";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { getErrorMessage } from "../../api/errors.ts";
import { profileSandboxesQuery } from "../../api/queries/profiles.ts";
import { Button } from "../../ui/Button.tsx";
import { FolderIcon } from "../../ui/Icon.tsx";
import { Modal } from "../../ui/Modal.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import type { ModalComponentProps } from "../modals/types.ts";
import { ProfileSandboxCard } from "./ProfileSandboxCard.tsx";
import { type PickerFolder, pickerTree, sandboxesIn } from "./pickerTree.ts";
import styles from "./SelectSandboxModal.module.css";

export type SelectSandboxProps = { username: string; mode: "pin" | "showcase"; exclude?: string[] };

/**
 * selectSandbox (spec 2 §2.1, 600 wide; §2.6): the owner's sandboxes by folder, rooted at 'All
 * Sandboxes'. Only public ones can be chosen; the others are dimmed and say why. Resolves with the id.
 */
export function SelectSandboxModal({ open, props, close }: ModalComponentProps<SelectSandboxProps, string>) {
  const [folder, setFolder] = useState("/");
  const sandboxes = useQuery({
    ...profileSandboxesQuery(props.username, { sortBy: "updated_at", direction: "desc", page: "all" }),
    enabled: open,
  });
  const tree = useMemo(() => pickerTree(sandboxes.data ?? []), [sandboxes.data]);
  const shown = sandboxesIn(sandboxes.data ?? [], folder).filter((s) => !props.exclude?.includes(s.id));
  const action = props.mode === "pin" ? "Pin" : "Showcase";

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      title={props.mode === "pin" ? "Pin a sandbox" : "Showcase a sandbox"}
      width={600}
    >
      <div className={styles.layout}>
        <nav aria-label="Folders" className={styles.folders}>
          <FolderRows node={tree} selected={folder} onSelect={setFolder} depth={0} />
        </nav>
        <div className={styles.list}>
          {sandboxes.isPending ? (
            <>
              <Skeleton height={120} radius={8} />
              <Skeleton height={120} radius={8} />
            </>
          ) : sandboxes.isError ? (
            <p role="alert" className={styles.error}>
              {getErrorMessage(sandboxes.error)}
            </p>
          ) : shown.length === 0 ? (
            <p className={styles.empty}>{ACCOUNT_MESSAGES.pickerEmpty}</p>
          ) : (
            shown.map((sandbox) => {
              const featurable = canFeature(sandbox);
              return (
                <ProfileSandboxCard
                  key={sandbox.id}
                  sandbox={sandbox}
                  dimmed={!featurable}
                  note={featurable ? undefined : ACCOUNT_MESSAGES.cannotFeature}
                  actions={
                    featurable ? (
                      <Button size="sm" variant="primary" onClick={() => close(sandbox.id)}>
                        {action}
                      </Button>
                    ) : undefined
                  }
                />
              );
            })
          )}
        </div>
      </div>
    </Modal>
  );
}

function FolderRows({
  node,
  selected,
  onSelect,
  depth,
}: {
  node: PickerFolder;
  selected: string;
  onSelect: (path: string) => void;
  depth: number;
}) {
  return (
    <>
      <button
        type="button"
        className={styles.folder}
        aria-current={node.path === selected ? "true" : undefined}
        style={{ paddingLeft: 8 + depth * 12 }}
        onClick={() => onSelect(node.path)}
      >
        <FolderIcon size={14} /> {node.name}
      </button>
      {node.children.map((child) => (
        <FolderRows key={child.path} node={child} selected={selected} onSelect={onSelect} depth={depth + 1} />
      ))}
    </>
  );
}
