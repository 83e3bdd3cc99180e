import { OFFICIAL_TEMPLATES } from "@boxyard/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Link, useParams } from "react-router";
import { ApiError, getErrorMessage } from "../../api/errors.ts";
import { type SandboxDetail, sandboxDetailQuery, zipUrl } from "../../api/queries/sandbox.ts";
import { CodeView } from "../../features/code-view/CodeView.tsx";
import { FileTree } from "../../features/file-tree/FileTree.tsx";
import { buildFileTree, defaultFile, type TreeNode } from "../../features/file-tree/fileTree.ts";
import { PublicPage } from "../../features/public-nav/PublicNavBar.tsx";
import { PRIVACY_LABELS } from "../../features/sandbox-actions/actions.ts";
import { GlobeIcon, LinkIcon, LockIcon } from "../../features/sandbox-grid/icons.tsx";
import { sandboxColour } from "../../features/sandbox-grid/sandboxColour.ts";
import { useSession } from "../../features/session/SessionProvider.tsx";
import { ShareSandboxButton } from "../../features/sharing/ShareSandbox.tsx";
import { ActiveWorkspaceProvider } from "../../features/workspace/ActiveWorkspaceProvider.tsx";
import { Button, buttonClass } from "../../ui/Button.tsx";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { AlertIcon, BoxIcon, TerminalIcon } from "../../ui/Icon.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { TemplateGlyph } from "../../ui/TemplateGlyph.tsx";
import { NotFoundPage } from "../not-found/NotFoundPage.tsx";
import { ForkButton, SignInToFork } from "./ForkButton.tsx";
import { LikeButton } from "./LikeButton.tsx";
import styles from "./SandboxPage.module.css";

type FileNode = Extract<TreeNode, { kind: "file" }>;

const count = new Intl.NumberFormat("en", { notation: "compact" });

/**
 * /s/{id*} (spec 1 §2): a read-only view of a sandbox or devbox: its files in a tree, the selected
 * file highlighted, who made it and where it lives, Fork and (for members, where allowed) Download.
 * An unknown id and one the viewer may not open both show the not-found page.
 */
export function SandboxPage() {
  const id = useParams()["*"] ?? "";
  const queryClient = useQueryClient();
  const sandbox = useQuery(sandboxDetailQuery(id, queryClient));

  if (sandbox.isError && sandbox.error instanceof ApiError && sandbox.error.status === 404) {
    return <NotFoundPage />;
  }
  if (sandbox.isPending) return <SandboxSkeleton />;
  if (sandbox.isError) {
    return (
      <PublicPage title="Sandbox">
        <div className={styles.state}>
          <EmptyState
            icon={<AlertIcon />}
            title="We couldn't load this sandbox"
            actions={<Button onClick={() => void sandbox.refetch()}>Try again</Button>}
          >
            {getErrorMessage(sandbox.error)}
          </EmptyState>
        </div>
      </PublicPage>
    );
  }
  return <SandboxView key={sandbox.data.id} sandbox={sandbox.data} />;
}

function PrivacyBadge({ privacy }: { privacy: SandboxDetail["privacy"] }) {
  const Icon = privacy === 0 ? GlobeIcon : privacy === 1 ? LinkIcon : LockIcon;
  return (
    <span className={styles.badge}>
      <Icon size={12} />
      {PRIVACY_LABELS[privacy]}
    </span>
  );
}

/** The sandbox's template colour and icon: its own, the one it was forked from, else its official template's. */
function TemplateTile({ sandbox }: { sandbox: SandboxDetail }) {
  const template = sandbox.customTemplate ?? sandbox.forkedTemplate;
  const official = OFFICIAL_TEMPLATES.find((t) => t.sourceTemplate === sandbox.source.template);
  const icon = template?.iconUrl ?? official?.iconUrl;
  const color = sandboxColour(sandbox);
  return (
    <span className={styles.tile} style={{ background: color }} aria-hidden="true">
      {icon ? (
        <TemplateGlyph icon={icon} />
      ) : sandbox.isV2 ? (
        <TerminalIcon size={22} />
      ) : (
        <BoxIcon size={22} />
      )}
    </span>
  );
}

function SandboxView({ sandbox }: { sandbox: SandboxDetail }) {
  const { isLoggedIn } = useSession();
  const tree = useMemo(() => buildFileTree(sandbox.directories, sandbox.modules), [sandbox]);
  const [selected, setSelected] = useState<FileNode | null>(() => defaultFile(tree));
  const title = sandbox.title || sandbox.alias || sandbox.id;
  const kind = sandbox.isV2 ? "Devbox" : "Sandbox";

  return (
    <PublicPage title={title}>
      <div className={styles.page}>
        <header className={styles.header}>
          <TemplateTile sandbox={sandbox} />
          <div className={styles.titles}>
            <div className={styles.titleLine}>
              <h1 className={styles.title}>{title}</h1>
              <span className={[styles.badge, styles.kind].join(" ")}>{kind}</span>
              <PrivacyBadge privacy={sandbox.privacy} />
              {sandbox.draft && <span className={styles.badge}>Draft</span>}
            </div>
            <p className={styles.meta}>
              {sandbox.author && (
                <span>
                  by <strong>{sandbox.author.name || sandbox.author.username}</strong>
                </span>
              )}
              {sandbox.team && (
                <span>
                  in <strong>{sandbox.team.name}</strong>
                  {sandbox.collection ? ` · ${sandbox.collection.path}` : ""}
                </span>
              )}
              {sandbox.forkedFrom && (
                <span>
                  forked from{" "}
                  <Link to={`/s/${sandbox.forkedFrom.alias || sandbox.forkedFrom.id}`}>
                    {sandbox.forkedFrom.title || sandbox.forkedFrom.id}
                  </Link>
                </span>
              )}
              <span>
                {count.format(sandbox.viewCount)} {sandbox.viewCount === 1 ? "view" : "views"} ·{" "}
                {count.format(sandbox.forkCount)} {sandbox.forkCount === 1 ? "fork" : "forks"}
              </span>
            </p>
            {sandbox.description && <p className={styles.description}>{sandbox.description}</p>}
          </div>
          <div className={styles.actions}>
            {isLoggedIn && <LikeButton sandbox={sandbox} />}
            {isLoggedIn && <ShareSandboxButton sandboxId={sandbox.id} title={title} />}
            {sandbox.canExport && (
              <a className={buttonClass({ variant: "secondary" })} href={zipUrl(sandbox)} download>
                Download
              </a>
            )}
            {isLoggedIn ? (
              <ActiveWorkspaceProvider>
                <ForkButton sandbox={sandbox} />
              </ActiveWorkspaceProvider>
            ) : (
              <SignInToFork sandbox={sandbox} />
            )}
          </div>
        </header>
        <div className={styles.body}>
          <nav className={styles.files} aria-label="Files">
            <h2 className={styles.panelTitle}>Files</h2>
            {tree.length === 0 ? (
              <p className={styles.empty}>This {kind.toLowerCase()} has no files.</p>
            ) : (
              <FileTree
                tree={tree}
                selectedId={selected?.id ?? null}
                onSelect={setSelected}
                label={`Files of ${title}`}
              />
            )}
          </nav>
          <section className={styles.editor} aria-label={selected ? selected.path : "No file selected"}>
            {selected ? (
              <>
                <h2 className={styles.path}>{selected.path}</h2>
                <div className={styles.code}>
                  <CodeView
                    key={selected.id}
                    name={selected.name}
                    code={selected.module.code}
                    isBinary={selected.module.isBinary}
                  />
                </div>
              </>
            ) : (
              <p className={styles.empty}>Choose a file to see its contents.</p>
            )}
          </section>
        </div>
      </div>
    </PublicPage>
  );
}

/** Placeholder rows of the loading skeleton: file names and code lines of varied lengths. */
const TREE_WIDTHS = ["62%", "48%", "71%", "55%", "80%", "44%", "66%", "52%"];
const CODE_WIDTHS = [
  "34%",
  "58%",
  "72%",
  "41%",
  "87%",
  "63%",
  "29%",
  "76%",
  "52%",
  "68%",
  "45%",
  "81%",
  "37%",
  "60%",
];

function SandboxSkeleton() {
  return (
    <PublicPage title="Sandbox">
      <div className={styles.page} aria-busy="true">
        <span className="visually-hidden">Loading sandbox</span>
        <header className={styles.header}>
          <Skeleton width={40} height={40} radius={8} />
          <div className={styles.titles}>
            <Skeleton width={240} height={22} />
            <Skeleton width={360} height={14} style={{ marginTop: 8 }} />
          </div>
          <div className={styles.actions}>
            <Skeleton width={72} height={32} radius={4} />
          </div>
        </header>
        <div className={styles.body}>
          <div className={styles.files}>
            {TREE_WIDTHS.map((width) => (
              <Skeleton key={width} width={width} height={14} style={{ margin: "10px 12px" }} />
            ))}
          </div>
          <div className={styles.editor}>
            {CODE_WIDTHS.map((width) => (
              <Skeleton key={width} width={width} height={12} style={{ margin: "8px 16px" }} />
            ))}
          </div>
        </div>
      </div>
    </PublicPage>
  );
}
