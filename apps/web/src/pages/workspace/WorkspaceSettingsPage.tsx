import { MESSAGES } from "@boxyard/domain";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useLocation, useParams } from "react-router";
import { getErrorMessage } from "../../api/errors.ts";
import type { TeamInfo } from "../../api/queries/workspaces.ts";
import { myInvitationsQuery, teamQuery } from "../../api/queries/workspaces.ts";
import { useSession } from "../../features/session/SessionProvider.tsx";
import { useActiveWorkspace } from "../../features/workspace/ActiveWorkspaceProvider.tsx";
import { WorkspaceAvatar } from "../../features/workspace/WorkspaceAvatar.tsx";
import { Button, ButtonLink } from "../../ui/Button.tsx";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { AlertIcon } from "../../ui/Icon.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import dashboard from "../dashboard/DashboardPage.module.css";
import { DashboardPage } from "../dashboard/DashboardPage.tsx";
import { BillingSection } from "./BillingSection.tsx";
import { GeneralSection } from "./GeneralSection.tsx";
import { InvitationToWorkspace } from "./InvitationToWorkspace.tsx";
import { JoiningSection } from "./JoiningSection.tsx";
import { MembersSection } from "./MembersSection.tsx";
import { PermissionsSection } from "./PermissionsSection.tsx";
import styles from "./WorkspaceSettings.module.css";
import { viewerRole } from "./workspaceSettings.ts";

const TITLE = "Workspace settings";

/**
 * /workspace/:teamId, the workspace overview that the sidebar's 'Settings' and 'Invite members'
 * lead to: General, Members and Permissions. Admins change them; other members read them.
 */
export function WorkspaceSettingsPage() {
  const { teamId = "" } = useParams();
  const team = useQuery(teamQuery(teamId));

  if (team.isPending) return <SettingsSkeleton />;
  if (team.isError) {
    return (
      <DashboardPage title={TITLE}>
        <EmptyState
          icon={<AlertIcon />}
          title="We couldn't load this workspace"
          actions={<Button onClick={() => void team.refetch()}>Try again</Button>}
        >
          {getErrorMessage(team.error)}
        </EmptyState>
      </DashboardPage>
    );
  }
  const info = team.data.me?.team;
  if (!info) {
    return (
      <DashboardPage title={TITLE}>
        <InvitationOrMissing teamId={teamId} />
      </DashboardPage>
    );
  }
  return <Settings key={info.id} team={info} />;
}

/** Not a member: the invitation to the workspace when there is one (Accept, Decline), else not found. */
function InvitationOrMissing({ teamId }: { teamId: string }) {
  // Fresh: the invitation may have arrived since the list was loaded (a notification leads here).
  const invitations = useQuery({ ...myInvitationsQuery(), staleTime: 0, meta: { silent: true } });
  if (invitations.isPending) return <Skeleton width={320} height={120} />;
  if (invitations.data?.some((i) => i.teamId === teamId)) return <InvitationToWorkspace teamId={teamId} />;
  return (
    <EmptyState
      title="Workspace not found"
      actions={<ButtonLink to="/dashboard">{MESSAGES.goToDashboard}</ButtonLink>}
    >
      It does not exist, or you are not a member of it.
    </EmptyState>
  );
}

function Settings({ team }: { team: TeamInfo }) {
  const location = useLocation();
  const { user } = useSession();
  const { workspaces, activeWorkspace, switchWorkspace } = useActiveWorkspace();
  const inviteInput = useRef<HTMLInputElement>(null);
  const inviteEmail = new URLSearchParams(location.search).get("invite_email") ?? "";
  const admin = viewerRole(team, user?.id) === "ADMIN";

  // The page is about one workspace: it becomes the active one, so the top bar shows it.
  const isMine = workspaces.some((w) => w.id === team.id);
  useEffect(() => {
    if (isMine && activeWorkspace && activeWorkspace.id !== team.id) switchWorkspace(team.id);
  }, [isMine, activeWorkspace, team.id, switchWorkspace]);

  // 'Invite members' (#members) and a notification's ?invite_email= open the Members section.
  const wantsMembers = location.hash === "#members" || inviteEmail !== "";
  useEffect(() => {
    if (!wantsMembers) return;
    document.getElementById("members")?.scrollIntoView?.({ block: "start" });
    inviteInput.current?.focus({ preventScroll: true });
  }, [wantsMembers]);

  return (
    <DashboardPage
      title={`${TITLE} · ${team.name}`}
      heading={
        <div style={{ display: "flex", alignItems: "center", gap: 12, minWidth: 0 }}>
          <WorkspaceAvatar name={team.name} avatarUrl={team.avatarUrl} />
          <h1 className={dashboard.title}>{team.name}</h1>
        </div>
      }
    >
      <div className={styles.layout}>
        <nav className={styles.tabs} aria-label="Settings sections">
          <a className={styles.tab} href="#general">
            General
          </a>
          <a className={styles.tab} href="#members">
            Members
          </a>
          {admin && team.type === "TEAM" && (
            <a className={styles.tab} href="#joining">
              Joining
            </a>
          )}
          <a className={styles.tab} href="#permissions">
            Permissions
          </a>
          <a className={styles.tab} href="#billing">
            Billing
          </a>
        </nav>
        {!admin && (
          <p className={styles.readOnly}>
            Only admins of this workspace can change its settings and members.
          </p>
        )}
        <GeneralSection team={team} admin={admin} />
        <MembersSection
          team={team}
          admin={admin}
          viewerId={user?.id}
          inviteEmail={inviteEmail}
          inviteInputRef={inviteInput}
        />
        <JoiningSection team={team} admin={admin} />
        <PermissionsSection team={team} admin={admin} />
        <BillingSection teamId={team.id} />
      </div>
    </DashboardPage>
  );
}

function SettingsSkeleton() {
  return (
    <DashboardPage title={TITLE} heading={<Skeleton width={200} height={24} />}>
      <div className={styles.layout} role="status" aria-busy="true" aria-label="Loading workspace settings">
        {[180, 260, 220].map((height) => (
          <Skeleton key={height} height={height} radius={8} />
        ))}
      </div>
    </DashboardPage>
  );
}
