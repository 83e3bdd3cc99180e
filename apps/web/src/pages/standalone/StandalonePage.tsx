import { couldNotCreateMessage, privacyFromQuery } from "@boxyard/domain";
import { useEffect, useState } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { createFromFiles } from "../../api/queries/create.ts";
import type { SandboxDetail } from "../../api/queries/sandbox.ts";
import { CreateScreen } from "../../features/create-dialog/CreateScreen.tsx";
import { createErrorText } from "../../features/create-dialog/createErrors.ts";
import { ButtonLink } from "../../ui/Button.tsx";
import { AlertIcon, BoxIcon, CheckIcon } from "../../ui/Icon.tsx";
import { Logo } from "../../ui/Logo.tsx";
import page from "../../ui/Page.module.css";
import { Spinner } from "../../ui/Spinner.tsx";
import { useDocumentTitle } from "../../ui/useDocumentTitle.ts";
import { NotFoundPage } from "../not-found/NotFoundPage.tsx";
import {
  type Embedder,
  findEmbedder,
  REPO_FILES_ERROR,
  REPO_FILES_READY,
  REPO_FILES_REQUEST,
  REPO_FILES_SUCCESS,
  sandboxCreatedMessage,
} from "./embedder.ts";
import { parseRepoFilesRequest } from "./repoFiles.ts";
import { StandaloneImport } from "./StandaloneImport.tsx";
import styles from "./StandalonePage.module.css";
import { StandalonePreferences } from "./StandalonePreferences.tsx";

/**
 * /standalone/{componentId} (spec 2 §2.2): a screen of the app on its own, to embed: `preferences`,
 * `create`, `create-repo-files` and `import`; an unknown id shows the not-found page.
 */
export function StandalonePage() {
  const { componentId } = useParams();
  if (componentId === "preferences") return <StandalonePreferences />;
  if (componentId === "create") return <StandaloneCreate />;
  if (componentId === "create-repo-files") return <CreateRepoFiles />;
  if (componentId === "import") return <StandaloneImport />;
  return <NotFoundPage />;
}

/**
 * The create screen as a page. It reads `sandbox` (a sandbox to fork) and `privacy` (public,
 * unlisted or private, spec 2 §4); a created sandbox is posted to the embedding page as
 * `{type: 'sandbox-created', id, alias, url}`, or opened when nothing embeds this page.
 */
function StandaloneCreate() {
  useDocumentTitle("Create");
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [created, setCreated] = useState<SandboxDetail | null>(null);

  const onCreated = (sandbox: SandboxDetail) => {
    const embedder = findEmbedder();
    if (!embedder) {
      navigate(`/s/${encodeURIComponent(sandbox.id)}`);
      return;
    }
    embedder.target.postMessage(sandboxCreatedMessage(sandbox, window.location.origin), embedder.origin);
    setCreated(sandbox);
  };

  return (
    <div className={styles.page}>
      <header className={styles.bar}>
        <Logo />
        <span className={styles.title}>Create</span>
      </header>
      {created ? (
        <div className={page.centered}>
          <div className={[page.card, page.wide, styles.status].join(" ")} role="status">
            <CheckIcon size={28} className={styles.done} />
            <h1>{created.title || created.alias || created.id} is ready</h1>
            <ButtonLink to={`/s/${encodeURIComponent(created.id)}`} target="_blank" variant="primary">
              Open it
            </ButtonLink>
          </div>
        </div>
      ) : (
        <main className={styles.screen}>
          <CreateScreen
            forkSandboxId={params.get("sandbox")}
            privacy={privacyFromQuery(params.get("privacy"))}
            onCreated={onCreated}
          />
        </main>
      )}
    </div>
  );
}

type FilesPhase =
  | { state: "waiting" }
  | { state: "creating" }
  | { state: "done"; sandbox: SandboxDetail }
  | { state: "error"; message: string }
  | { state: "alone" };

/**
 * Creates a sandbox from the files the embedding page sends (spec 2 §2.2): it announces
 * `create-repo-files-ready`, takes `{type: 'create-repo-files', sandbox}` from that page only, and
 * answers `create-repo-files-success` with the sandbox or `create-repo-files-error` with
 * 'Could not create - {reason}'.
 */
function CreateRepoFiles() {
  useDocumentTitle("Create from files");
  const [embedder] = useState<Embedder | null>(() => findEmbedder());
  const [phase, setPhase] = useState<FilesPhase>(() =>
    embedder ? { state: "waiting" } : { state: "alone" },
  );

  useEffect(() => {
    if (!embedder) return;
    const reply = (message: Record<string, unknown>) => embedder.target.postMessage(message, embedder.origin);
    const fail = (reason: string) => {
      const message = couldNotCreateMessage(reason);
      reply({ type: REPO_FILES_ERROR, message });
      setPhase({ state: "error", message });
    };
    const onMessage = async (event: MessageEvent) => {
      if (event.source !== embedder.target || event.origin !== embedder.origin) return;
      if (!event.data || event.data.type !== REPO_FILES_REQUEST) return;
      const request = parseRepoFilesRequest(event.data);
      if (!request.ok) return fail(request.reason);
      setPhase({ state: "creating" });
      try {
        const sandbox = await createFromFiles(request.body);
        reply({
          type: REPO_FILES_SUCCESS,
          sandbox: {
            id: sandbox.id,
            alias: sandbox.alias,
            title: sandbox.title,
            teamId: sandbox.teamId,
            privacy: sandbox.privacy,
            isV2: sandbox.isV2,
            url: `${window.location.origin}/s/${encodeURIComponent(sandbox.id)}`,
          },
        });
        setPhase({ state: "done", sandbox });
      } catch (error) {
        fail(createErrorText(error));
      }
    };
    window.addEventListener("message", onMessage);
    reply({ type: REPO_FILES_READY });
    return () => window.removeEventListener("message", onMessage);
  }, [embedder]);

  return (
    <div className={styles.page}>
      <div className={page.centered}>
        <div className={[page.card, page.wide, styles.status].join(" ")} role="status" aria-live="polite">
          {phase.state === "waiting" && (
            <>
              <BoxIcon size={28} className={styles.icon} />
              <h1>Create from files</h1>
              <p className={page.muted}>Waiting for the files to create a sandbox with…</p>
            </>
          )}
          {phase.state === "creating" && (
            <>
              <Spinner size={24} />
              <h1>Creating your sandbox…</h1>
            </>
          )}
          {phase.state === "done" && (
            <>
              <CheckIcon size={28} className={styles.done} />
              <h1>{phase.sandbox.title || phase.sandbox.id} is ready</h1>
              <ButtonLink to={`/s/${encodeURIComponent(phase.sandbox.id)}`} target="_blank" variant="primary">
                Open it
              </ButtonLink>
            </>
          )}
          {phase.state === "error" && (
            <>
              <AlertIcon size={28} className={styles.error} />
              <h1>Could not create</h1>
              <p className={page.muted}>{phase.message}</p>
            </>
          )}
          {phase.state === "alone" && (
            <>
              <AlertIcon size={28} className={styles.error} />
              <h1>Create from files</h1>
              <p className={page.muted}>
                Open this page from the page that sends the files; it cannot be used on its own.
              </p>
            </>
          )}
        </div>
      </div>
    </div>
  );
}
