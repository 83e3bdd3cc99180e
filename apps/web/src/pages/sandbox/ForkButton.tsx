import { SANDBOX_MESSAGES } from "@boxyard/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { useLocation, useNavigate } from "react-router";
import { getErrorMessage } from "../../api/errors.ts";
import { forkSandboxMutation, type SandboxDetail } from "../../api/queries/sandbox.ts";
import { signInPath } from "../../app/RequireAuth.tsx";
import { useActiveWorkspace } from "../../features/workspace/ActiveWorkspaceProvider.tsx";
import { Button, ButtonLink } from "../../ui/Button.tsx";
import { toast } from "../../ui/toastStore.ts";
import styles from "./SandboxPage.module.css";

/**
 * Fork into the active workspace as a draft, then open the fork. Disabled, with the reason, when
 * the workspace is frozen (spec 1 §6) or the viewer only reads it.
 */
export function ForkButton({ sandbox }: { sandbox: SandboxDetail }) {
  const { activeWorkspace, role, frozen } = useActiveWorkspace();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const reasonId = useId();
  const fork = useMutation(
    forkSandboxMutation(queryClient, {
      onSuccess: (created) => {
        toast.success(`Forked into ${activeWorkspace?.name ?? "your workspace"} as a draft`);
        navigate(`/s/${created.alias || created.id}`);
      },
      onError: (error) => toast.error(getErrorMessage(error) || SANDBOX_MESSAGES.forkFailed),
    }),
  );
  const reason = frozen ? SANDBOX_MESSAGES.forkFrozen : role === "READ" ? SANDBOX_MESSAGES.forkViewer : null;
  return (
    <div className={styles.fork}>
      <Button
        variant="primary"
        disabled={reason !== null || !activeWorkspace}
        loading={fork.isPending}
        aria-describedby={reasonId}
        onClick={() => activeWorkspace && fork.mutate({ sourceId: sandbox.id, teamId: activeWorkspace.id })}
      >
        Fork
      </Button>
      <p id={reasonId} className={reason ? styles.reason : styles.hint}>
        {reason ?? (activeWorkspace ? `Into ${activeWorkspace.name}, as a draft` : "")}
      </p>
    </div>
  );
}

/** Signed-out visitors are asked to sign in first, and come back here after. */
export function SignInToFork({ sandbox }: { sandbox: SandboxDetail }) {
  const location = useLocation();
  const reasonId = useId();
  return (
    <div className={styles.fork}>
      <ButtonLink
        variant="primary"
        to={signInPath(location.pathname, location.search)}
        aria-describedby={reasonId}
      >
        Sign in to fork
      </ButtonLink>
      <p id={reasonId} className={styles.hint}>
        {sandbox.isV2 ? SANDBOX_MESSAGES.signInToForkServer : SANDBOX_MESSAGES.signInToForkBrowser}
      </p>
    </div>
  );
}
