import { CODEHOST_MESSAGES, parseCodeHostUrl, syncedTemplatePath } from "@boxyard/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { getErrorMessage } from "../../api/errors.ts";
import { importGithubTemplateMutation } from "../../api/queries/synced.ts";
import { Button } from "../../ui/Button.tsx";
import { ExternalIcon } from "../../ui/Icon.tsx";
import { TextField } from "../../ui/TextField.tsx";
import { toast } from "../../ui/toastStore.ts";
import styles from "./ImportScreen.module.css";

/**
 * The sandbox address a code-host URL gives (spec 2 §2.4): `/s/github/{owner}/{repo}` with
 * `/tree/{branch}` and the folder when given (main and master leave the branch out, spec 1 §9);
 * null when the URL is not `owner/repo[/tree/{branch}[/folder]]`.
 */
export function templateUrlOf(input: string, origin: string): string | null {
  const location = parseCodeHostUrl(input);
  if (!location) return null;
  // Without /tree/ the default branch is meant, whose suffix the address leaves out.
  const branch = location.branch ?? "main";
  return `${origin}/s/${syncedTemplatePath({ ...location, branch })}`;
}

/**
 * Tab 4, 'Import template': a code-host URL becomes a read-only devbox template of the workspace
 * that stays in sync with the repository. Open URL is disabled until the URL is one.
 */
export function TemplateTab({ teamId, canImport }: { teamId: string | null; canImport: boolean }) {
  const [url, setUrl] = useState("");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const result = templateUrlOf(url, window.location.origin);
  const create = useMutation(
    importGithubTemplateMutation(queryClient, () => ({ teamId: teamId ?? "", url: url.trim() }), {
      onSuccess: (sandbox) => navigate(`/s/${encodeURIComponent(sandbox.id)}`),
      onError: (error) => toast.error(getErrorMessage(error)),
    }),
  );

  return (
    <>
      <p className={styles.muted}>
        A template made from a folder of a GitHub repository. It is read-only and stays in sync with the
        repository.
      </p>
      <TextField
        label="GitHub URL"
        placeholder="https://github.com/owner/repository/tree/main/folder"
        value={url}
        autoComplete="off"
        spellCheck={false}
        error={url.trim() !== "" && !result ? CODEHOST_MESSAGES.templateUrlInvalid : undefined}
        onChange={(event) => setUrl(event.target.value)}
      />
      {result && (
        <div>
          <p className={styles.muted}>Sandbox URL</p>
          <code className={styles.resultUrl} data-testid="template-url">
            {result}
          </code>
        </div>
      )}
      <div className={styles.actions}>
        <Button
          variant="primary"
          icon={<ExternalIcon size={14} />}
          disabled={!result || !canImport || !teamId}
          loading={create.isPending}
          onClick={() => create.mutate()}
        >
          Open URL
        </Button>
      </div>
    </>
  );
}
