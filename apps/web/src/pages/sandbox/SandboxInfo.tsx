import type { ReactNode } from "react";
import { Link } from "react-router";
import type { SandboxDetail } from "../../api/queries/sandbox.ts";
import { PanelHeader } from "../../features/editor/PanelHeader.tsx";
import { PRIVACY_LABELS } from "../../features/sandbox-actions/actions.ts";
import { ago } from "../../features/sandbox-grid/format.ts";
import { Avatar } from "../../ui/Avatar.tsx";
import styles from "./SandboxInfo.module.css";
import { officialTemplateOf, TemplateTile } from "./TemplateTile.tsx";

const count = new Intl.NumberFormat("en", { notation: "compact" });

/**
 * The right pane until the preview takes it (issue 16): what the sandbox is (template, author,
 * where it lives, what it was forked from) and how it is doing (views, likes, forks).
 */
export function SandboxInfo({ sandbox, title }: { sandbox: SandboxDetail; title: string }) {
  const official = officialTemplateOf(sandbox);
  const template = official?.title ?? (sandbox.customTemplate ? "Custom template" : sandbox.source.template);
  const author = sandbox.author;
  const updated = ago(sandbox.updatedAt);
  const created = ago(sandbox.insertedAt);
  return (
    <section className={styles.info} aria-label="Sandbox info">
      <PanelHeader title="Sandbox info" />
      <div className={styles.body}>
        <div className={styles.hero}>
          <TemplateTile sandbox={sandbox} size={36} />
          <div className={styles.heroText}>
            <p className={styles.title}>{title}</p>
            {template && <p className={styles.muted}>{template}</p>}
          </div>
        </div>
        {sandbox.description && <p className={styles.description}>{sandbox.description}</p>}

        <dl className={styles.facts}>
          {author && (
            <Fact term="Author">
              <Link to={`/u/${encodeURIComponent(author.username)}`} className={styles.person}>
                <Avatar name={author.name || author.username} src={author.avatarUrl} size={20} />
                {author.name || author.username}
              </Link>
            </Fact>
          )}
          {sandbox.team && (
            <Fact term="Workspace">
              {sandbox.team.name}
              {sandbox.collection && sandbox.collection.path !== "/" ? (
                <span className={styles.muted}> · {sandbox.collection.path}</span>
              ) : null}
            </Fact>
          )}
          {sandbox.forkedFrom && (
            <Fact term="Forked from">
              <Link to={`/s/${sandbox.forkedFrom.alias || sandbox.forkedFrom.id}`}>
                {sandbox.forkedFrom.title || sandbox.forkedFrom.id}
              </Link>
            </Fact>
          )}
          <Fact term="Privacy">{PRIVACY_LABELS[sandbox.privacy]}</Fact>
          {created && <Fact term="Created">{created}</Fact>}
          {updated && <Fact term="Updated">{updated}</Fact>}
        </dl>

        <ul className={styles.stats} aria-label="Statistics">
          <Stat value={sandbox.viewCount} one="view" many="views" />
          <Stat value={sandbox.likeCount} one="like" many="likes" />
          <Stat value={sandbox.forkCount} one="fork" many="forks" />
        </ul>
      </div>
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Stat({ value, one, many }: { value: number; one: string; many: string }) {
  return (
    <li className={styles.stat}>
      <strong>{count.format(value)}</strong>
      <span>{value === 1 ? one : many}</span>
    </li>
  );
}
