import type { Privacy } from "@boxyard/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { type SandboxDetail, zipUrl } from "../../api/queries/sandbox.ts";
import { downloadSandboxes } from "../../api/queries/sandbox-download.ts";
import {
  addToFolder,
  moveToTrash,
  renameSandbox,
  setSandboxesPrivacy,
} from "../../api/queries/sandbox-mutations.ts";
import { patchSandboxPage } from "../../api/queries/sandbox-page.ts";
import type { UserSummary } from "../../api/rest-types.ts";
import type { SandboxAccess } from "../../features/editor/access.ts";
import { confirm } from "../../features/modals/confirm.ts";
import { PRIVACY_LABELS } from "../../features/sandbox-actions/actions.ts";
import { MoveToFolderDialog } from "../../features/sandbox-actions/MoveToFolderDialog.tsx";
import { useSession } from "../../features/session/SessionProvider.tsx";
import { ShareSandboxButton } from "../../features/sharing/ShareSandbox.tsx";
import { ActiveWorkspaceProvider } from "../../features/workspace/ActiveWorkspaceProvider.tsx";
import { Avatar } from "../../ui/Avatar.tsx";
import { Button, buttonClass } from "../../ui/Button.tsx";
import { GlobeIcon, LinkIcon, LockIcon } from "../../ui/Icon.tsx";
import { InlineInput } from "../../ui/InlineInput.tsx";
import { LogoMark } from "../../ui/Logo.tsx";
import { MenuContent, MenuItem, MenuLabel, MenuRoot, MenuSeparator, MenuTrigger } from "../../ui/Menu.tsx";
import styles from "./EditorHeader.module.css";
import { ForkButton, SignInToFork } from "./ForkButton.tsx";
import { LikeButton } from "./LikeButton.tsx";
import { TemplateTile } from "./TemplateTile.tsx";

export type SaveState = "saved" | "saving" | "unsaved" | "failed" | "conflict";

const SAVE_LABELS: Record<SaveState, string> = {
  saved: "Saved",
  saving: "Saving…",
  unsaved: "Unsaved changes",
  failed: "Not saved yet",
  conflict: "Conflict",
};

const PRIVACY_ICONS = { 0: GlobeIcon, 1: LinkIcon, 2: LockIcon } as const;

/**
 * The editor's 40 px header (DESIGN.md): home, the template tile, the title (renamed in place),
 * kind, privacy, the save state, who else is here, and the sandbox's actions: like, share,
 * download, fork, and for the workspace's editors 'Move to folder' and 'Move to trash'.
 */
export function EditorHeader({
  sandbox,
  title,
  access,
  saveState,
  present,
}: {
  sandbox: SandboxDetail;
  title: string;
  access: SandboxAccess;
  saveState: SaveState | null;
  present: UserSummary[];
}) {
  const { isLoggedIn, user } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [renaming, setRenaming] = useState(false);
  const [moving, setMoving] = useState(false);
  const kind = sandbox.isV2 ? "Devbox" : "Sandbox";
  const others = present.filter((person) => person.id !== user?.id);

  const rename = async (next: string) => {
    setRenaming(false);
    const value = next.trim();
    if (!value || value === title) return;
    const undo = patchSandboxPage(queryClient, sandbox.id, { title: value });
    if (!(await renameSandbox(queryClient, sandbox.id, value))) undo();
  };

  const setPrivacy = async (privacy: Privacy) => {
    if (privacy === sandbox.privacy) return;
    const undo = patchSandboxPage(queryClient, sandbox.id, { privacy });
    if (!(await setSandboxesPrivacy(queryClient, [sandbox.id], privacy))) undo();
  };

  const move = async (path: string | null, label: string) => {
    setMoving(false);
    const undo = patchSandboxPage(queryClient, sandbox.id, {
      collection: path === null ? null : { id: sandbox.collection?.id ?? "", path },
      draft: path === null,
    });
    const ok = await addToFolder(queryClient, {
      teamId: sandbox.teamId,
      sandboxIds: [sandbox.id],
      path,
      destination: label,
    });
    if (!ok) undo();
  };

  const trash = async () => {
    const ok = await confirm({
      title: `Move ${title} to trash?`,
      message: "It can be recovered from Recently deleted.",
      confirmLabel: "Move to trash",
      danger: true,
    });
    if (ok && (await moveToTrash(queryClient, [sandbox.id]))) navigate("/dashboard/recent");
  };

  const PrivacyIcon = PRIVACY_ICONS[sandbox.privacy];

  return (
    <header className={styles.header}>
      <Link
        to={isLoggedIn ? "/dashboard" : "/"}
        className={styles.home}
        aria-label="Dashboard"
        title="Dashboard"
      >
        <LogoMark size={20} />
      </Link>
      <span className={styles.divider} aria-hidden="true" />
      <TemplateTile sandbox={sandbox} size={22} />
      <div className={styles.titleBox}>
        {renaming ? (
          <InlineInput
            label="Sandbox name"
            initial={title}
            className={styles.titleInput}
            onCommit={(value) => void rename(value)}
            onCancel={() => setRenaming(false)}
          />
        ) : (
          <h1 className={styles.title}>
            {access.canEditDetails ? (
              <button
                type="button"
                className={styles.titleButton}
                title="Rename"
                aria-label={`${title}, rename`}
                onClick={() => setRenaming(true)}
              >
                {title}
              </button>
            ) : (
              title
            )}
          </h1>
        )}
      </div>
      <span className={`${styles.badge} ${styles.kind}`}>{kind}</span>
      {access.canEditDetails ? (
        <MenuRoot>
          <MenuTrigger asChild>
            <button
              type="button"
              className={styles.badgeButton}
              aria-label={`Privacy: ${PRIVACY_LABELS[sandbox.privacy]}`}
            >
              <PrivacyIcon size={12} />
              {PRIVACY_LABELS[sandbox.privacy]}
            </button>
          </MenuTrigger>
          <MenuContent align="start" aria-label="Privacy">
            <MenuLabel>Privacy</MenuLabel>
            {([0, 1, 2] as const).map((value) => {
              const Icon = PRIVACY_ICONS[value];
              return (
                <MenuItem
                  key={value}
                  icon={<Icon size={14} />}
                  trailing={value === sandbox.privacy ? "✓" : undefined}
                  onSelect={() => void setPrivacy(value)}
                >
                  {PRIVACY_LABELS[value]}
                </MenuItem>
              );
            })}
          </MenuContent>
        </MenuRoot>
      ) : (
        <span className={styles.badge}>
          <PrivacyIcon size={12} />
          {PRIVACY_LABELS[sandbox.privacy]}
        </span>
      )}
      {sandbox.draft && <span className={styles.badge}>Draft</span>}
      {saveState && (
        <span
          role="status"
          className={[styles.save, styles[saveState]].filter(Boolean).join(" ")}
          title={
            saveState === "failed"
              ? "Your changes are kept in this browser and saved again shortly."
              : undefined
          }
        >
          <span className={styles.saveDot} aria-hidden="true" />
          {SAVE_LABELS[saveState]}
        </span>
      )}

      <div className={styles.spacer} />

      {others.length > 0 && (
        <ul
          className={styles.presence}
          aria-label={`Also here: ${others.map((p) => p.name || p.username).join(", ")}`}
        >
          {others.slice(0, 4).map((person) => (
            <li key={person.id} title={person.name || person.username} className={styles.presenceItem}>
              <Avatar name={person.name || person.username} src={person.avatarUrl} size={24} />
            </li>
          ))}
          {others.length > 4 && <li className={styles.more}>+{others.length - 4}</li>}
        </ul>
      )}
      <div className={styles.actions}>
        {isLoggedIn && (
          <span className={styles.wide}>
            <LikeButton sandbox={sandbox} size="sm" />
          </span>
        )}
        {isLoggedIn && <ShareSandboxButton sandboxId={sandbox.id} title={title} size="sm" />}
        {sandbox.canExport && (
          <a
            className={buttonClass({ variant: "ghost", size: "sm" }, styles.wide)}
            href={zipUrl(sandbox)}
            download
          >
            Download
          </a>
        )}
        {isLoggedIn ? (
          <ActiveWorkspaceProvider>
            <ForkButton sandbox={sandbox} compact variant="secondary" />
          </ActiveWorkspaceProvider>
        ) : (
          <SignInToFork sandbox={sandbox} compact variant="secondary" />
        )}
        {(access.canManage || sandbox.canExport) && (
          <MenuRoot>
            <MenuTrigger asChild>
              <Button variant="ghost" size="sm" iconOnly aria-label="More sandbox actions">
                <span aria-hidden="true" className={styles.ellipsis}>
                  ⋯
                </span>
              </Button>
            </MenuTrigger>
            <MenuContent aria-label="Sandbox actions">
              {sandbox.canExport && (
                <MenuItem onSelect={() => void downloadSandboxes(sandbox.teamId, [sandbox.id])}>
                  Download as zip
                </MenuItem>
              )}
              {access.canManage && (
                <>
                  <MenuItem onSelect={() => setMoving(true)}>Move to folder…</MenuItem>
                  <MenuSeparator />
                  <MenuItem className={styles.danger} onSelect={() => void trash()}>
                    Move to trash
                  </MenuItem>
                </>
              )}
            </MenuContent>
          </MenuRoot>
        )}
      </div>
      {moving && (
        <MoveToFolderDialog
          open
          teamId={sandbox.teamId}
          currentPath={sandbox.draft ? null : (sandbox.collection?.path ?? null)}
          onClose={() => setMoving(false)}
          onMove={(target) => void move(target.path, target.path === null ? "Drafts" : target.label)}
        />
      )}
    </header>
  );
}
