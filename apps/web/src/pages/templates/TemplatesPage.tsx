import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { getErrorMessage } from "../../api/errors.ts";
import { officialTemplatesQuery } from "../../api/queries/templates.ts";
import type { OfficialTemplate } from "../../api/rest-types.ts";
import { PublicPage } from "../../features/public-nav/PublicNavBar.tsx";
import { Button } from "../../ui/Button.tsx";
import { counted } from "../../ui/counted.ts";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { BoxIcon } from "../../ui/Icon.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { TemplateGlyph } from "../../ui/TemplateGlyph.tsx";
import styles from "./TemplatesPage.module.css";

/** The public templates page: official templates, open to signed-out visitors (spec 1 §1). */
export function TemplatesPage() {
  const templates = useQuery({ ...officialTemplatesQuery(), meta: { silent: true } });
  return (
    <PublicPage title="Templates">
      <div className={styles.page}>
        <header className={styles.header}>
          <h1>Start from a template</h1>
          <p>Official templates to start a browser sandbox or a server devbox from.</p>
        </header>
        {templates.isPending ? (
          <ul className={styles.grid} aria-busy="true" aria-label="Loading templates">
            {Array.from({ length: 6 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
              <li key={index}>
                <Skeleton height={154} radius={8} />
              </li>
            ))}
          </ul>
        ) : templates.isError ? (
          <EmptyState
            icon={<BoxIcon />}
            title="We couldn't load the templates"
            actions={<Button onClick={() => void templates.refetch()}>Try again</Button>}
          >
            {getErrorMessage(templates.error)}
          </EmptyState>
        ) : templates.data.length === 0 ? (
          <EmptyState icon={<BoxIcon />} title="No templates yet">
            Official templates appear here once this installation publishes some.
          </EmptyState>
        ) : (
          <ul className={styles.grid}>
            {templates.data.map((template) => (
              <li key={template.id}>
                <TemplateCard template={template} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </PublicPage>
  );
}

function TemplateCard({ template }: { template: OfficialTemplate }) {
  return (
    <Link to={`/s/${encodeURIComponent(template.id)}`} className={styles.card}>
      <div className={styles.top}>
        <span className={styles.icon} aria-hidden="true">
          <TemplateGlyph icon={template.iconUrl} />
        </span>
        <span className={styles.title}>{template.title}</span>
      </div>
      <p className={styles.description}>{template.description || "No description."}</p>
      <div className={styles.meta}>
        <span className={styles.badge}>{template.isV2 ? "Runs on server" : "Runs on browser"}</span>
        <span>{counted(template.forkCount, "fork")}</span>
        <span>{counted(template.viewCount, "view")}</span>
      </div>
    </Link>
  );
}
