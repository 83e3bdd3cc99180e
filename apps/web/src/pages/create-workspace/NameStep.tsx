import { MESSAGES } from "@boxyard/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { saveWorkspaceNameMutation } from "../../api/queries/workspace-mutations.ts";
import { StepActions } from "../../features/billing/FlowFrame.tsx";
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

/**
 * The create step (spec 2 §2.9): names the workspace. It creates one when the query has none and
 * renames the one it has otherwise; Next is disabled while the name has an error (spec 2 §5).
 */
export function NameStep({
  workspace,
  existing,
  onDone,
}: {
  workspace: { id: string; name: string } | null;
  existing: readonly { id: string; name: string }[];
  onDone: (workspaceId: string, created: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(workspace?.name ?? "");
  const [error, setError] = useState<string | null>(null);
  const others = existing.filter((w) => w.id !== workspace?.id);

  const save = useMutation(
    saveWorkspaceNameMutation(queryClient, workspace, {
      onSuccess: ({ id, created }) => onDone(id, created),
      onError: (cause) => {
        console.error("Saving the workspace failed", cause);
        setError(MESSAGES.workspaceSaveFailed);
      },
    }),
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = validateWorkspaceName(name, others);
    setError(problem);
    if (!problem) save.mutate(name.trim());
  }

  return (
    <form className={page.stack} onSubmit={onSubmit} noValidate style={{ maxWidth: 480 }}>
      <div style={{ display: "flex", alignItems: "center", gap: 16 }}>
        <WorkspaceAvatar name={name.trim() || "Workspace"} size="bigger" />
        <div>
          <h2 style={{ fontSize: 20 }}>{workspace ? "Name your workspace" : "Create a workspace"}</h2>
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
      <StepActions>
        <span />
        <Button type="submit" variant="primary" loading={save.isPending} disabled={Boolean(error)}>
          Next
        </Button>
      </StepActions>
    </form>
  );
}
