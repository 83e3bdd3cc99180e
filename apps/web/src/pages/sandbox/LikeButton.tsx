import { ACCOUNT_MESSAGES } from "@boxyard/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { getErrorMessage } from "../../api/errors.ts";
import { likeSandboxMutation, type SandboxDetail } from "../../api/queries/sandbox.ts";
import { Button } from "../../ui/Button.tsx";
import { toast } from "../../ui/toastStore.ts";

const count = new Intl.NumberFormat("en", { notation: "compact" });

/** Like or unlike (signed in), applied at once and rolled back on failure; shows the like count. */
export function LikeButton({ sandbox, size }: { sandbox: SandboxDetail; size?: "sm" }) {
  const queryClient = useQueryClient();
  const like = useMutation(
    likeSandboxMutation(queryClient, sandbox.id, {
      onError: (error) => toast.error(`${ACCOUNT_MESSAGES.likeFailed}: ${getErrorMessage(error)}`),
    }),
  );
  return (
    <Button
      size={size}
      variant={size ? "ghost" : undefined}
      aria-pressed={sandbox.liked}
      onClick={() => like.mutate(!sandbox.liked)}
      disabled={like.isPending}
      aria-label={sandbox.liked ? "Unlike" : "Like"}
    >
      <span aria-hidden="true" style={sandbox.liked ? { color: "var(--color-danger)" } : undefined}>
        {sandbox.liked ? "♥" : "♡"}
      </span>
      <span>{count.format(sandbox.likeCount)}</span>
    </Button>
  );
}
