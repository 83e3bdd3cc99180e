import { ACCOUNT_MESSAGES } from "@boxyard/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { getErrorMessage } from "../../api/errors.ts";
import { profileKeys, setLike } from "../../api/queries/profiles.ts";
import type { SandboxDetail } from "../../api/queries/sandbox.ts";
import { Button } from "../../ui/Button.tsx";
import { toast } from "../../ui/toastStore.ts";

const count = new Intl.NumberFormat("en", { notation: "compact" });

/** Like or unlike (signed in), applied at once and rolled back on failure; shows the like count. */
export function LikeButton({ sandbox }: { sandbox: SandboxDetail }) {
  const queryClient = useQueryClient();
  const like = useMutation({
    mutationFn: (liked: boolean) => setLike(sandbox.id, liked),
    onMutate: (liked) => {
      const apply = (s: SandboxDetail) => ({
        ...s,
        liked,
        likeCount: Math.max(0, s.likeCount + (liked ? 1 : -1)),
      });
      const touched: [readonly unknown[], SandboxDetail][] = [];
      for (const [queryKey, data] of queryClient.getQueriesData<SandboxDetail>({
        queryKey: ["sandbox-page"],
      })) {
        if (data?.id !== sandbox.id) continue;
        touched.push([queryKey, data]);
        queryClient.setQueryData(queryKey, apply(data));
      }
      return { touched };
    },
    onError: (error, _liked, context) => {
      for (const [queryKey, data] of context?.touched ?? []) queryClient.setQueryData(queryKey, data);
      toast.error(`${ACCOUNT_MESSAGES.likeFailed}: ${getErrorMessage(error)}`);
    },
    onSuccess: (state) => {
      for (const [queryKey, data] of queryClient.getQueriesData<SandboxDetail>({
        queryKey: ["sandbox-page"],
      })) {
        if (data?.id === sandbox.id) queryClient.setQueryData(queryKey, { ...data, ...state });
      }
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
  return (
    <Button
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
