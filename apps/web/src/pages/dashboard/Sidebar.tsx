import { MESSAGES } from "@boxyard/domain";
import { useQuery } from "@tanstack/react-query";
import { sidebarProjectsQuery } from "../../api/queries/repositories.ts";
import { teamTemplatesQuery } from "../../api/queries/sandboxes.ts";
import { SidebarBilling } from "../../features/billing/SidebarBilling.tsx";
import { FolderTree } from "../../features/folder-tree/FolderTree.tsx";
import { useSession } from "../../features/session/SessionProvider.tsx";
import { useActiveWorkspace } from "../../features/workspace/ActiveWorkspaceProvider.tsx";
import {
  BoxIcon,
  ClockIcon,
  RepoIcon,
  SettingsIcon,
  SparkIcon,
  TrashIcon,
  UserPlusIcon,
  UsersIcon,
} from "../../ui/Icon.tsx";
import { workspaceSettingsPath } from "../workspace/workspaceSettings.ts";
import { DraftsEntry } from "./DraftsEntry.tsx";
import { SYNCED_SANDBOXES_TITLE, syncedSandboxesPath } from "./repositories/paths.ts";
import { SidebarRepositories } from "./repositories/SidebarRepositories.tsx";
import styles from "./Sidebar.module.css";
import { SidebarDropLink, SidebarLink } from "./SidebarLink.tsx";

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

/**
 * Sidebar (spec 1 §2, width 270). Recent, Drafts, the folders, Templates and Recently deleted
 * are drop targets for the grid's items (spec 1 §5). The lists inside the sections come with
 * later issues.
 */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { features } = useSession();
  const onPremise = features?.onPremise ?? false;
  const { activeWorkspace } = useActiveWorkspace();
  const teamId = activeWorkspace?.id ?? "";
  // 'Templates' shows only when the workspace has templates (spec 1 §2).
  const templates = useQuery({ ...teamTemplatesQuery(teamId), enabled: teamId !== "" });
  const hasTemplates = (templates.data?.items.length ?? 0) > 0;
  // 'Imported templates' shows only when the workspace has synced sandboxes (spec 1 §2).
  const projects = useQuery({ ...sidebarProjectsQuery(teamId), enabled: teamId !== "" });
  const hasSyncedSandboxes = projects.data?.hasSyncedSandboxes ?? false;
  return (
    <nav className={styles.nav} aria-label="Dashboard navigation">
      <ul className={styles.list}>
        <SidebarDropLink
          to={dashboardPaths.recent()}
          icon={<ClockIcon />}
          onNavigate={onNavigate}
          target="RECENT"
          label={MESSAGES.recentTitle}
        >
          {MESSAGES.recentTitle}
        </SidebarDropLink>
        {teamId !== "" && (
          <>
            <SidebarLink to={workspaceSettingsPath(teamId)} icon={<SettingsIcon />} onNavigate={onNavigate}>
              Settings
            </SidebarLink>
            <SidebarLink
              to={workspaceSettingsPath(teamId, "members")}
              icon={<UserPlusIcon />}
              onNavigate={onNavigate}
              plain
            >
              Invite members
            </SidebarLink>
          </>
        )}
        <SidebarLink to={dashboardPaths.getStarted()} icon={<SparkIcon />} onNavigate={onNavigate}>
          Get started
        </SidebarLink>
      </ul>
      {!onPremise && <SidebarRepositories onNavigate={onNavigate} />}
      <section aria-labelledby="sidebar-sandboxes">
        <h2 id="sidebar-sandboxes" className={styles.heading}>
          Devboxes and Sandboxes
        </h2>
        <ul className={styles.list}>
          <DraftsEntry to={dashboardPaths.drafts()} onNavigate={onNavigate} />
          <li>
            <FolderTree onNavigate={onNavigate} />
          </li>
          {hasTemplates && (
            <SidebarDropLink
              to={dashboardPaths.templates()}
              icon={<BoxIcon />}
              onNavigate={onNavigate}
              target="TEMPLATES"
              label="Templates"
            >
              Templates
            </SidebarDropLink>
          )}
          {hasSyncedSandboxes && (
            <SidebarLink to={syncedSandboxesPath()} icon={<RepoIcon />} onNavigate={onNavigate}>
              {SYNCED_SANDBOXES_TITLE}
            </SidebarLink>
          )}
          <SidebarDropLink
            to={dashboardPaths.deleted()}
            icon={<TrashIcon />}
            onNavigate={onNavigate}
            target="DELETED"
            label={MESSAGES.deletedTitle}
          >
            {MESSAGES.deletedTitle}
          </SidebarDropLink>
          <SidebarLink to={dashboardPaths.shared()} icon={<UsersIcon />} onNavigate={onNavigate}>
            Shared with me
          </SidebarLink>
        </ul>
      </section>
      <SidebarBilling onNavigate={onNavigate} />
    </nav>
  );
}
