import {
  CREATE_MESSAGES,
  isProWorkspace,
  type Privacy,
  SANDBOX_MESSAGES,
  SANDBOX_TITLE_MAX,
  signInToCreateLabel,
} from "@boxyard/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useMemo, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { createSandboxMutation, generatedTitleQuery, vmTiersQuery } from "../../api/queries/create.ts";
import { allCollectionsQuery } from "../../api/queries/folders.ts";
import type { SandboxDetail } from "../../api/queries/sandbox.ts";
import { allTeamsQuery, teamQuery } from "../../api/queries/workspaces.ts";
import { signInPath } from "../../app/RequireAuth.tsx";
import { Button } from "../../ui/Button.tsx";
import { AlertIcon, ArrowLeftIcon } from "../../ui/Icon.tsx";
import { Select } from "../../ui/Select.tsx";
import { TextField } from "../../ui/TextField.tsx";
import { toast } from "../../ui/toastStore.ts";
import { useSession } from "../session/SessionProvider.tsx";
import { getStoredWorkspaceId } from "../session/storage.ts";
import { workspaceRole } from "../workspace/roles.ts";
import { sortWorkspaces } from "../workspace/sortWorkspaces.ts";
import styles from "./CreateScreen.module.css";
import type { CatalogTemplate } from "./catalog.ts";
import {
  allowedTier,
  type ConfigForm,
  creditsExhausted,
  defaultRuntime,
  privacyChoices,
  type Runtime,
  runtimeSupport,
  submission,
  submitBlock,
  tierChoices,
} from "./configRules.ts";
import { createErrorText, toastCreateError } from "./createErrors.ts";
import { TemplateTile } from "./TemplateCard.tsx";

/** What the config step forks: a picked template, or the sandbox given to fork. */
export type ConfigSource = Pick<
  CatalogTemplate,
  "id" | "title" | "description" | "runtime" | "author" | "iconUrl" | "color"
>;

/** A folder's label in the picker: the root is 'All folders'; others their path. */
function folderLabel(path: string) {
  return path === "/" ? "All folders" : path.replace(/^\//, "");
}

const RUNTIME_LABELS: Record<Runtime, string> = { browser: "Browser (Sandbox)", vm: "VM (Devbox)" };

/**
 * The config step (spec 2 §2.3, §4, §5, §6): title (a generated default), runtime, VM tier,
 * visibility, folder and workspace, then a fork of the template with every field.
 */
export function ConfigStep({
  source,
  initialTeamId,
  folderPath,
  requestedPrivacy = null,
  preferredRuntime,
  onBack,
  onCreated,
  onLeave,
}: {
  source: ConfigSource;
  initialTeamId: string | null;
  folderPath: string | null;
  requestedPrivacy?: Privacy | null;
  preferredRuntime: Runtime;
  onBack: () => void;
  onCreated: (sandbox: SandboxDetail) => void;
  onLeave?: () => void;
}) {
  const { isLoggedIn, user, features } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [nonce] = useState(() => Date.now());

  const teams = useQuery({ ...allTeamsQuery(), enabled: isLoggedIn });
  const writable = useMemo(() => {
    const me = teams.data?.me;
    const all = sortWorkspaces(me?.workspaces ?? [], me?.primaryWorkspaceId ?? null);
    return all.filter((w) => workspaceRole(w, user?.id) !== "READ");
  }, [teams.data, user?.id]);

  const [chosenTeamId, setChosenTeamId] = useState<string | null>(null);
  const preferred = [chosenTeamId, initialTeamId, getStoredWorkspaceId()];
  const teamId = preferred.find((id) => id && writable.some((w) => w.id === id)) ?? writable[0]?.id ?? "";
  const team = useQuery({ ...teamQuery(teamId), enabled: isLoggedIn && teamId !== "" });
  const info = team.data?.me?.team ?? null;
  const folders = useQuery({ ...allCollectionsQuery(teamId), enabled: isLoggedIn && teamId !== "" });
  const tiers = useQuery(vmTiersQuery());
  const generated = useQuery(generatedTitleQuery(nonce));

  const pro = isProWorkspace(info?.subscription?.status, features?.onPremise ?? false);
  const support = runtimeSupport(source.runtime);
  const tierList = tiers.data ?? [];
  const tierInfo = tierChoices(tierList, info, pro);
  const privacy = privacyChoices(info?.settings?.minimumPrivacy ?? 0, requestedPrivacy);

  const [title, setTitle] = useState<string | null>(null);
  const [runtime, setRuntime] = useState<Runtime>(() => defaultRuntime(support, preferredRuntime));
  const [vmTier, setTier] = useState<number | null>(null);
  const [chosenPrivacy, setPrivacy] = useState<Privacy | null>(null);
  // undefined: not chosen yet (the folder the dialog was opened in, else the drafts).
  const [chosenFolder, setFolder] = useState<string | null | undefined>(undefined);

  const openedIn =
    folderPath && teamId === initialTeamId
      ? (folders.data?.find((f) => f.path === folderPath)?.id ?? null)
      : null;
  const form: ConfigForm = {
    title: title ?? generated.data ?? "",
    runtime,
    vmTier: allowedTier(vmTier ?? tierInfo.initial, tierInfo.highest),
    privacy: Math.max(chosenPrivacy ?? privacy.initial, info?.settings?.minimumPrivacy ?? 0) as Privacy,
    teamId,
    collectionId: chosenFolder === undefined ? openedIn : chosenFolder,
  };
  const frozen = info?.frozen ?? false;
  const exhausted = creditsExhausted(info, pro);
  const block = isLoggedIn
    ? submitBlock(form, { frozen, exhausted, tiersLoaded: tierList.length > 0 })
    : null;
  const kind = runtime === "vm" ? "Devbox" : "Sandbox";

  const create = useMutation(
    createSandboxMutation(queryClient, {
      onSuccess: (created) => {
        // The devbox exists: it opens on the default tier, and the user is told why.
        if ("tierError" in created) toast.error(createErrorText(created.tierError));
        onCreated(created.sandbox);
      },
      onError: (error) => toastCreateError(error, goSignIn),
    }),
  );

  function goSignIn() {
    onLeave?.();
    navigate(signInPath(location.pathname, location.search));
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isLoggedIn) return goSignIn();
    if (block || create.isPending) return;
    create.mutate({ sourceId: source.id, ...submission(form, tierInfo.initial) });
  };

  return (
    <form className={styles.config} onSubmit={onSubmit} aria-label="Configure">
      <div className={styles.configHead}>
        <Button variant="ghost" size="sm" iconOnly aria-label="Back to templates" onClick={onBack}>
          <ArrowLeftIcon size={16} />
        </Button>
        <TemplateTile template={source} size={40} />
        <div className={styles.configTitles}>
          <h3 className={styles.configTitle}>{source.title}</h3>
          <p className={styles.muted}>
            {source.author}
            {source.description ? ` · ${source.description}` : ""}
          </p>
        </div>
      </div>

      <div className={styles.fields}>
        <div className={styles.wide}>
          <TextField
            label="Name"
            value={form.title}
            maxLength={SANDBOX_TITLE_MAX}
            placeholder={generated.isPending ? "Finding a name…" : "Name your sandbox"}
            hint={generated.isError ? CREATE_MESSAGES.titleGenerateFailed : undefined}
            onChange={(event) => setTitle(event.target.value)}
          />
        </div>
        <Select
          label="Runtime"
          value={runtime}
          disabled={tierList.length === 0}
          options={(["browser", "vm"] as const).map((value) => ({
            value,
            label: RUNTIME_LABELS[value],
            disabled: !support[value],
          }))}
          onChange={(event) => setRuntime(event.target.value as Runtime)}
        />
        {runtime === "vm" && isLoggedIn && (
          <div className={styles.wide}>
            <Select
              label="VM tier"
              value={String(form.vmTier)}
              disabled={tierList.length === 0}
              options={tierInfo.options}
              hint={tierInfo.hint ?? undefined}
              onChange={(event) => setTier(Number(event.target.value))}
            />
          </div>
        )}
        {isLoggedIn && (
          <>
            <Select
              label="Visibility"
              value={String(form.privacy)}
              options={privacy.options.map((o) => ({
                value: String(o.value),
                label: o.label,
                disabled: o.disabled,
              }))}
              onChange={(event) => setPrivacy(Number(event.target.value) as Privacy)}
            />
            <Select
              label="Folder"
              value={form.collectionId ?? ""}
              disabled={!folders.data}
              options={[
                { value: "", label: "Drafts" },
                ...(folders.data ?? [])
                  .slice()
                  .sort((a, b) => a.path.localeCompare(b.path, undefined, { sensitivity: "base" }))
                  .map((f) => ({ value: f.id, label: folderLabel(f.path) })),
              ]}
              onChange={(event) => setFolder(event.target.value || null)}
            />
            <Select
              label="Workspace"
              value={teamId}
              disabled={writable.length === 0}
              options={writable.map((w) => ({ value: w.id, label: w.name }))}
              placeholder={writable.length === 0 ? "No workspace you can create in" : undefined}
              onChange={(event) => {
                setChosenTeamId(event.target.value);
                setFolder(null);
                setPrivacy(null);
              }}
            />
          </>
        )}
      </div>

      {block?.reason === "credits" && (
        <p className={styles.blocked} role="alert">
          <AlertIcon size={14} /> {block.message}
        </p>
      )}
      {block?.reason === "frozen" && (
        <p className={styles.blocked} role="alert">
          <AlertIcon size={14} /> {SANDBOX_MESSAGES.forkFrozen}
        </p>
      )}

      <div className={styles.configFoot}>
        <Button variant="ghost" onClick={onBack}>
          Back
        </Button>
        <Button
          type="submit"
          variant="primary"
          loading={create.isPending}
          disabled={isLoggedIn && block !== null}
        >
          {isLoggedIn ? `Create ${kind}` : signInToCreateLabel(kind)}
        </Button>
      </div>
    </form>
  );
}
