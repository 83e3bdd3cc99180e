import { SANDBOX_MESSAGES } from "@boxyard/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { useLocation, useNavigate } from "react-router";
import { getErrorMessage } from "../../api/errors.ts";
import { forkSandboxMutation, type SandboxDetail } from "../../api/queries/sandbox.ts";
import { discardSandbox } from "../../api/queries/sandbox-mutations.ts";
import { toastUndoable } from "../../api/queries/sandbox-toasts.ts";
import { signInPath } from "../../app/RequireAuth.tsx";
import { useActiveWorkspace } from "../../features/workspace/ActiveWorkspaceProvider.tsx";
import { Button, ButtonLink } from "../../ui/Button.tsx";
import { toast } from "../../ui/toastStore.ts";
import styles from "./ForkButton.module.css";

/**
 * Fork into the active workspace as a draft, then open the fork (the editor shows the copy in
 * place); its toast's Undo deletes the fork and comes back here. Disabled, with the reason, when
 * the workspace is frozen (spec 1 §6) or the viewer only reads it. `compact` (the editor's header)
 * keeps the hint for screen readers and the tooltip.
 */
export function ForkButton({
  sandbox,
  compact = false,
  variant = "primary",
}: {
  sandbox: SandboxDetail;
  compact?: boolean;
  variant?: "primary" | "secondary";
}) {
  const { activeWorkspace, role, frozen } = useActiveWorkspace();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const reasonId = useId();
  const fork = useMutation(
    forkSandboxMutation(queryClient, {
      onSuccess: (created) => {
        const forkPath = `/s/${created.alias || created.id}`;
        const sourcePath = location.pathname;
        toastUndoable(`Forked into ${activeWorkspace?.name ?? "your workspace"} as a draft`, async () => {
          if (!(await discardSandbox(queryClient, created.id))) return;
          // Still on the fork's page, which is gone: back to the sandbox it came from.
          if (window.location.pathname === forkPath) navigate(sourcePath);
        });
        navigate(forkPath);
      },
      onError: (error) => toast.error(getErrorMessage(error) || SANDBOX_MESSAGES.forkFailed),
    }),
  );
  const reason = frozen ? SANDBOX_MESSAGES.forkFrozen : role === "READ" ? SANDBOX_MESSAGES.forkViewer : null;
  const hint = reason ?? (activeWorkspace ? `Into ${activeWorkspace.name}, as a draft` : "");
  return (
    <div className={compact ? styles.forkCompact : styles.fork} title={compact ? hint : undefined}>
      <Button
        variant={variant}
        size={compact ? "sm" : undefined}
        disabled={reason !== null || !activeWorkspace}
        loading={fork.isPending}
        aria-describedby={reasonId}
        onClick={() => activeWorkspace && fork.mutate({ sourceId: sandbox.id, teamId: activeWorkspace.id })}
      >
        Fork
      </Button>
      <p id={reasonId} className={compact ? "visually-hidden" : reason ? styles.reason : styles.hint}>
        {hint}
      </p>
    </div>
  );
}

/** Signed-out visitors are asked to sign in first, and come back here after. */
export function SignInToFork({
  sandbox,
  compact = false,
  variant = "primary",
}: {
  sandbox: SandboxDetail;
  compact?: boolean;
  variant?: "primary" | "secondary";
}) {
  const location = useLocation();
  const reasonId = useId();
  const hint = signInToForkMessage(sandbox);
  return (
    <div className={compact ? styles.forkCompact : styles.fork} title={compact ? hint : undefined}>
      <ButtonLink
        variant={variant}
        size={compact ? "sm" : undefined}
        to={signInPath(location.pathname, location.search)}
        aria-describedby={reasonId}
      >
        Sign in to fork
      </ButtonLink>
      <p id={reasonId} className={compact ? "visually-hidden" : styles.hint}>
        {hint}
      </p>
    </div>
  );
}

/** Spec 1 §8: why a signed-out visitor must sign in before forking. */
export function signInToForkMessage(sandbox: Pick<SandboxDetail, "isV2">) {
  return sandbox.isV2 ? SANDBOX_MESSAGES.signInToForkServer : SANDBOX_MESSAGES.signInToForkBrowser;
}
