import { MESSAGES } from "@boxyard/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate, useParams } from "react-router";
import { GraphQLRequestError, getErrorMessage } from "../../api/errors.ts";
import { requestTeamInviteMutation } from "../../api/queries/workspace-access.ts";
import { redeemInviteTokenMutation } from "../../api/queries/workspace-mutations.ts";
import { teamByTokenQuery } from "../../api/queries/workspaces.ts";
import { PublicPage } from "../../features/public-nav/PublicNavBar.tsx";
import { useOpenJoinedWorkspace } from "../../features/team-invite/joinWorkspace.ts";
import { WorkspaceAvatar } from "../../features/workspace/WorkspaceAvatar.tsx";
import { Button, ButtonLink } from "../../ui/Button.tsx";
import { AlertIcon } from "../../ui/Icon.tsx";
import page from "../../ui/Page.module.css";
import { Skeleton } from "../../ui/Skeleton.tsx";

/** /invite/:token (spec 1 §2): the workspace an invite link leads to, with Join and Decline. */
export function InvitePage() {
  const { token = "" } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const openJoined = useOpenJoinedWorkspace();
  const team = useQuery({ ...teamByTokenQuery(token), meta: { silent: true } });
  const join = useMutation(
    redeemInviteTokenMutation(queryClient, {
      onSuccess: ({ redeemTeamInviteToken: joined }) => openJoined(joined.id),
      // Shown on the page itself.
      meta: { silent: true },
      onError: (error) => console.error("Joining with the invite link failed", error),
    }),
  );
  // A workspace that cannot take one more member now (full, or frozen): its admins can be asked.
  const ask = useMutation(
    requestTeamInviteMutation(() => ({ inviteToken: token }), {
      meta: { silent: true },
      onError: (error) => console.error("Asking to join failed", error),
    }),
  );
  const refused =
    join.error instanceof GraphQLRequestError && join.error.errors[0]?.extensions?.code === "FORBIDDEN";

  return (
    <PublicPage title="Join workspace">
      <div className={page.centered}>
        <div className={`${page.card} ${page.stack}`} style={{ alignItems: "center", textAlign: "center" }}>
          {team.isPending ? (
            <>
              <Skeleton width={55} height={55} radius={8} />
              <Skeleton width={220} height={20} />
            </>
          ) : team.data ? (
            <>
              <WorkspaceAvatar name={team.data.name} size="bigger" />
              <h1 style={{ fontSize: 20 }}>Join {team.data.name}</h1>
              <p className={page.muted}>You were invited to work with this workspace's members.</p>
              {ask.isSuccess ? (
                <p role="status">Your request was sent. The workspace's admins will let you in.</p>
              ) : (
                (join.isError || ask.isError) && (
                  <p role="alert" style={{ color: "var(--color-danger)" }}>
                    {getErrorMessage(ask.error ?? join.error)}
                    {refused && !ask.isError && " You can ask its admins to let you in."}
                  </p>
                )
              )}
              <div className={page.actions} style={{ justifyContent: "center", display: "flex", gap: 8 }}>
                <Button disabled={join.isPending || ask.isPending} onClick={() => navigate("/dashboard")}>
                  {ask.isSuccess ? "Go to Dashboard" : "Decline"}
                </Button>
                {refused ? (
                  !ask.isSuccess && (
                    <Button variant="primary" loading={ask.isPending} onClick={() => ask.mutate()}>
                      Request to join
                    </Button>
                  )
                ) : (
                  <Button variant="primary" loading={join.isPending} onClick={() => join.mutate(token)}>
                    Join workspace
                  </Button>
                )}
              </div>
            </>
          ) : (
            <>
              <AlertIcon size={32} />
              <h1 style={{ fontSize: 20 }}>This invite link is not valid</h1>
              <p className={page.muted}>
                {team.isError
                  ? getErrorMessage(team.error)
                  : "It may have been mistyped, or the workspace no longer exists. Ask the workspace's admin for a new link."}
              </p>
              <ButtonLink to="/dashboard" variant="primary">
                {MESSAGES.goToDashboard}
              </ButtonLink>
            </>
          )}
        </div>
      </div>
    </PublicPage>
  );
}
