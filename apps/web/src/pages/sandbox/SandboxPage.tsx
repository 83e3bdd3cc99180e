import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useParams } from "react-router";
import { ApiError, getErrorMessage } from "../../api/errors.ts";
import { sandboxDetailQuery } from "../../api/queries/sandbox.ts";
import { PublicPage } from "../../features/public-nav/PublicNavBar.tsx";

import { Button } from "../../ui/Button.tsx";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { AlertIcon } from "../../ui/Icon.tsx";

import { Skeleton } from "../../ui/Skeleton.tsx";
import { useDocumentTitle } from "../../ui/useDocumentTitle.ts";
import { NotFoundPage } from "../not-found/NotFoundPage.tsx";
import { preloadCodeEditor, SandboxEditor } from "./SandboxEditor.tsx";
import styles from "./SandboxPage.module.css";

/**
 * /s/{id*} (spec 1 §2): the editor of a sandbox or devbox. An unknown id and one the viewer may
 * not open both show the not-found page; other failures an error with 'Try again'.
 */
export function SandboxPage() {
  const id = useParams()["*"] ?? "";
  const queryClient = useQueryClient();
  const sandbox = useQuery(sandboxDetailQuery(id, queryClient));
  useEffect(preloadCodeEditor, []);
  useDocumentTitle(sandbox.data ? sandbox.data.title || sandbox.data.alias || sandbox.data.id : "Sandbox");

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
  return <SandboxEditor key={sandbox.data.id} sandbox={sandbox.data} />;
}

/** Placeholder rows of the loading skeleton, in the editor's layout: file names and code lines. */
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
    <div className={styles.page} aria-busy="true">
      <span className="visually-hidden">Loading sandbox</span>
      <div className={styles.header}>
        <Skeleton width={22} height={22} radius={4} />
        <Skeleton width={180} height={14} />
        <span className={styles.spacer} />
        <Skeleton width={64} height={28} radius={4} />
      </div>
      <div className={styles.body}>
        <div className={styles.rail} />
        <div className={styles.files}>
          {TREE_WIDTHS.map((width) => (
            <Skeleton key={width} width={width} height={12} style={{ margin: "9px 12px" }} />
          ))}
        </div>
        <div className={styles.code}>
          {CODE_WIDTHS.map((width) => (
            <Skeleton key={width} width={width} height={12} style={{ margin: "7px 16px 7px 56px" }} />
          ))}
        </div>
        <div className={styles.aside} />
      </div>
    </div>
  );
}
