import { MESSAGES } from "@boxyard/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { allTeamsQuery, createTeam, workspaceKeys } from "../../api/queries/workspaces.ts";
import { PublicPage } from "../../features/public-nav/PublicNavBar.tsx";
import { setStoredWorkspaceId } from "../../features/session/storage.ts";
import { WorkspaceAvatar } from "../../features/workspace/WorkspaceAvatar.tsx";
import { Button } from "../../ui/Button.tsx";
import page from "../../ui/Page.module.css";
import { TextField } from "../../ui/TextField.tsx";

/** Workspace name rules (spec 2 §5). */
export function validateWorkspaceName(name: string, existing: readonly { name: string }[]): string | null {
  const trimmed = name.trim();
  if (trimmed === "") return MESSAGES.workspaceNameEmpty;
  if (existing.some((workspace) => workspace.name.trim().toLowerCase() === trimmed.toLowerCase())) {
    return MESSAGES.workspaceNameDuplicate;
  }
  return null;
}

/** /create-workspace: names a new workspace, then opens it (spec 2 §2.9, first step). */
export function CreateWorkspacePage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const teams = useQuery({ ...allTeamsQuery(), meta: { silent: true } });
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const existing = teams.data?.me?.workspaces ?? [];

  const create = useMutation({
    mutationFn: createTeam,
    onSuccess: async ({ createTeam: team }) => {
      setStoredWorkspaceId(team.id);
      await queryClient.invalidateQueries({ queryKey: workspaceKeys.all });
      navigate(`/dashboard/recent?workspace=${encodeURIComponent(team.id)}`);
    },
    onError: (cause) => {
      console.error("Creating the workspace failed", cause);
      setError(MESSAGES.workspaceSaveFailed);
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = validateWorkspaceName(name, existing);
    setError(problem);
    if (!problem) create.mutate(name.trim());
  }

  return (
    <PublicPage title="Create workspace">
      <div className={page.centered}>
        <div className={`${page.card} ${page.wide}`}>
          <form className={page.stack} onSubmit={onSubmit} noValidate>
            <div style={{ display: "flex", alignItems: "center", gap: 16 }}>
              <WorkspaceAvatar name={name.trim() || "Workspace"} size="bigger" />
              <div>
                <h1 style={{ fontSize: 20 }}>Create a workspace</h1>
                <p className={page.muted}>
                  Workspaces keep your team's sandboxes, devboxes and repositories together.
                </p>
              </div>
            </div>
            <TextField
              label="Workspace name"
              name="name"
              autoComplete="organization"
              placeholder="Acme Inc."
              autoFocus
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                if (error) setError(null);
              }}
              error={error ?? undefined}
              maxLength={64}
            />
            <div className={page.actions} style={{ justifyContent: "flex-end" }}>
              {existing.length > 0 && (
                <Button variant="ghost" onClick={() => navigate("/dashboard/recent")}>
                  Cancel
                </Button>
              )}
              <Button type="submit" variant="primary" loading={create.isPending} disabled={Boolean(error)}>
                Next
              </Button>
            </div>
          </form>
        </div>
      </div>
    </PublicPage>
  );
}
