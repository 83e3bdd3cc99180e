import { CREATE_MESSAGES, OFFICIAL_TEMPLATES, officialTemplate, type Privacy } from "@boxyard/domain";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { type SandboxWithTemplate, sandboxWithTemplateQuery } from "../../api/queries/create.ts";
import type { SandboxDetail } from "../../api/queries/sandbox.ts";
import { AlertIcon } from "../../ui/Icon.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { useSession } from "../session/SessionProvider.tsx";
import { getStoredWorkspaceId } from "../session/storage.ts";
import { type ConfigSource, ConfigStep } from "./ConfigStep.tsx";
import styles from "./CreateScreen.module.css";
import { type CatalogTemplate, DEFAULT_AUTHOR, DEFAULT_BADGES } from "./catalog.ts";
import type { Runtime } from "./configRules.ts";
import { TemplatePicker } from "./TemplatePicker.tsx";

/** /s (sandbox), /d (devbox) or /new (generic) (spec 1 §2). */
export type CreateKind = "sandbox" | "devbox" | "generic";

export type CreateScreenProps = {
  kind?: CreateKind;
  /** A sandbox to fork: the screen opens on its config step (spec 2 §4). */
  forkSandboxId?: string | null;
  /** The workspace to create in (the active one), when the user can write to it. */
  teamId?: string | null;
  /** The folder the screen was opened from: preselected. */
  folderPath?: string | null;
  /** A privacy asked for (the URL's `privacy=public|unlisted|private`), never below the workspace minimum. */
  privacy?: Privacy | null;
  onCreated: (sandbox: SandboxDetail) => void;
  /** The user goes elsewhere (a template's page, sign-in, community search). */
  onLeave?: () => void;
};

/** The runtime filter /s and /d preselect (spec 1 §2). */
function initialBadges(kind: CreateKind): readonly string[] {
  if (kind === "sandbox") return ["Browser"];
  if (kind === "devbox") return ["Server"];
  return DEFAULT_BADGES;
}

/** The sandbox to fork as the config step shows it, in its official template's colour when it has one. */
function sourceOf(sandbox: SandboxWithTemplate): ConfigSource {
  const official =
    officialTemplate(sandbox.id) ??
    OFFICIAL_TEMPLATES.find((t) => t.sourceTemplate === sandbox.source?.template);
  return {
    id: sandbox.id,
    title: sandbox.title || sandbox.alias || sandbox.id,
    description: sandbox.description,
    runtime: sandbox.isV2 ? "server" : "browser",
    author: sandbox.team?.name || DEFAULT_AUTHOR,
    iconUrl: sandbox.customTemplate?.iconUrl ?? null,
    color: official?.color ?? null,
  };
}

/**
 * The create screen (spec 2 §2.3, §4): select a template, then configure and fork it; or, given a
 * sandbox to fork, a loading state while it is fetched, then its config step (back to the list
 * when it cannot be loaded). The create dialog and the standalone create page both show it.
 */
export function CreateScreen({
  kind = "generic",
  forkSandboxId = null,
  teamId = null,
  folderPath = null,
  privacy = null,
  onCreated,
  onLeave,
}: CreateScreenProps) {
  const { isLoggedIn, user } = useSession();
  const navigate = useNavigate();
  const workspaceId = teamId ?? getStoredWorkspaceId() ?? user?.primaryWorkspaceId ?? null;
  const [picked, setPicked] = useState<ConfigSource | null>(null);
  const [forkDismissed, setForkDismissed] = useState(false);
  const forking = Boolean(forkSandboxId) && !forkDismissed;
  const source = useQuery({ ...sandboxWithTemplateQuery(forkSandboxId ?? ""), enabled: forking });
  const preferredRuntime: Runtime = kind === "devbox" ? "vm" : "browser";

  const select = (template: CatalogTemplate) => {
    if (!isLoggedIn) {
      // Anonymous users go straight to the template's page (spec 2 §2.3, §6).
      onLeave?.();
      navigate(`/s/${encodeURIComponent(template.id)}`);
      return;
    }
    setPicked(template);
  };
  const back = () => {
    setPicked(null);
    setForkDismissed(true);
  };

  const config = picked ?? (forking && source.data ? sourceOf(source.data) : null);
  if (config) {
    return (
      <ConfigStep
        key={config.id}
        source={config}
        initialTeamId={workspaceId}
        folderPath={folderPath}
        requestedPrivacy={privacy}
        preferredRuntime={preferredRuntime}
        onBack={back}
        onCreated={onCreated}
        onLeave={onLeave}
      />
    );
  }
  if (forking && source.isPending) {
    return (
      <div className={styles.loading}>
        <Spinner size={20} label="Loading the sandbox to fork" />
      </div>
    );
  }
  const failed = forking && (source.isError || source.data === null);
  return (
    <TemplatePicker
      teamId={workspaceId}
      signedIn={isLoggedIn}
      initialBadges={initialBadges(kind)}
      onSelect={select}
      onLeave={onLeave}
      notice={
        failed ? (
          <p className={styles.blocked} role="alert">
            <AlertIcon size={14} /> {CREATE_MESSAGES.loadSourceFailed}
          </p>
        ) : null
      }
    />
  );
}
