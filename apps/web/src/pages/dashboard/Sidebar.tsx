import { MESSAGES } from "@boxyard/domain";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { teamTemplatesQuery } from "../../api/queries/sandboxes.ts";
import { FolderTree } from "../../features/folder-tree/FolderTree.tsx";
import { useSession } from "../../features/session/SessionProvider.tsx";
import { useActiveWorkspace } from "../../features/workspace/ActiveWorkspaceProvider.tsx";
import {
  BoxIcon,
  ClockIcon,
  FileIcon,
  RepoIcon,
  SettingsIcon,
  SparkIcon,
  TrashIcon,
  UserPlusIcon,
  UsersIcon,
} from "../../ui/Icon.tsx";
import { workspaceSettingsPath } from "../workspace/workspaceSettings.ts";
import styles from "./Sidebar.module.css";

/** Page paths of the dashboard (the link generator of spec 1 §2). */
export const dashboardPaths = {
  recent: () => "/dashboard/recent",
  getStarted: () => "/dashboard/get-started",
  repositories: () => "/dashboard/repositories",
  drafts: () => "/dashboard/drafts",
  sandboxes: (path = "") => `/dashboard/sandboxes${path ? `/${path.replace(/^\/+/, "")}` : ""}`,
  templates: () => "/dashboard/templates",
  deleted: () => "/dashboard/deleted",
  shared: () => "/dashboard/shared",
  search: (query: string) => `/dashboard/search?query=${encodeURIComponent(query)}`,
};

function Item({
  to,
  icon,
  children,
  onNavigate,
  plain,
}: {
  to: string;
  icon: ReactNode;
  children: ReactNode;
  onNavigate?: () => void;
  /** Never shown as the current page (a second way into a page another entry stands for). */
  plain?: boolean;
}) {
  const Anchor = plain ? Link : NavLink;
  return (
    <li>
      <Anchor to={to} className={styles.link} onClick={onNavigate}>
        {icon}
        <span>{children}</span>
      </Anchor>
    </li>
  );
}

/** Sidebar (spec 1 §2, width 270). The lists inside the sections come with later issues. */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { features } = useSession();
  const onPremise = features?.onPremise ?? false;
  const { activeWorkspace } = useActiveWorkspace();
  const teamId = activeWorkspace?.id ?? "";
  // 'Templates' shows only when the workspace has templates (spec 1 §2).
  const templates = useQuery({ ...teamTemplatesQuery(teamId), enabled: teamId !== "" });
  const hasTemplates = (templates.data?.items.length ?? 0) > 0;
  return (
    <nav className={styles.nav} aria-label="Dashboard navigation">
      <ul className={styles.list}>
        <Item to={dashboardPaths.recent()} icon={<ClockIcon />} onNavigate={onNavigate}>
          {MESSAGES.recentTitle}
        </Item>
        {teamId !== "" && (
          <>
            <Item to={workspaceSettingsPath(teamId)} icon={<SettingsIcon />} onNavigate={onNavigate}>
              Settings
            </Item>
            <Item
              to={workspaceSettingsPath(teamId, "members")}
              icon={<UserPlusIcon />}
              onNavigate={onNavigate}
              plain
            >
              Invite members
            </Item>
          </>
        )}
        <Item to={dashboardPaths.getStarted()} icon={<SparkIcon />} onNavigate={onNavigate}>
          Get started
        </Item>
      </ul>
      {!onPremise && (
        <section aria-labelledby="sidebar-repositories">
          <h2 id="sidebar-repositories" className={styles.heading}>
            Repositories
          </h2>
          <ul className={styles.list}>
            <Item to={dashboardPaths.repositories()} icon={<RepoIcon />} onNavigate={onNavigate}>
              {MESSAGES.allRepositories}
            </Item>
          </ul>
        </section>
      )}
      <section aria-labelledby="sidebar-sandboxes">
        <h2 id="sidebar-sandboxes" className={styles.heading}>
          Devboxes and Sandboxes
        </h2>
        <ul className={styles.list}>
          <Item to={dashboardPaths.drafts()} icon={<FileIcon />} onNavigate={onNavigate}>
            {MESSAGES.draftsTitle}
          </Item>
          <li>
            <FolderTree onNavigate={onNavigate} />
          </li>
          {hasTemplates && (
            <Item to={dashboardPaths.templates()} icon={<BoxIcon />} onNavigate={onNavigate}>
              Templates
            </Item>
          )}
          <Item to={dashboardPaths.deleted()} icon={<TrashIcon />} onNavigate={onNavigate}>
            {MESSAGES.deletedTitle}
          </Item>
          <Item to={dashboardPaths.shared()} icon={<UsersIcon />} onNavigate={onNavigate}>
            Shared with me
          </Item>
        </ul>
      </section>
    </nav>
  );
}
