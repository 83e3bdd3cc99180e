import { formatDistanceToNowStrict } from "date-fns";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ProfileSandbox } from "../../api/rest-types.ts";
import { counted } from "../../ui/counted.ts";
import { BoxIcon, GlobeIcon, LinkIcon, LockIcon, TerminalIcon } from "../../ui/Icon.tsx";
import styles from "./ProfileSandboxCard.module.css";

const PRIVACY = [
  { label: "Public", Icon: GlobeIcon },
  { label: "Unlisted", Icon: LinkIcon },
  { label: "Private", Icon: LockIcon },
] as const;

export const sandboxTitle = (s: Pick<ProfileSandbox, "title" | "alias" | "id">) => s.title || s.alias || s.id;

/** A sandbox on a profile: title, kind, template, counts, privacy; `actions` for the owner's buttons. */
export function ProfileSandboxCard({
  sandbox,
  actions,
  dimmed,
  note,
  big,
}: {
  sandbox: ProfileSandbox;
  actions?: ReactNode;
  dimmed?: boolean;
  note?: ReactNode;
  big?: boolean;
}) {
  const Kind = sandbox.isV2 ? TerminalIcon : BoxIcon;
  const privacy = PRIVACY[sandbox.privacy] ?? PRIVACY[2];
  const title = sandboxTitle(sandbox);
  return (
    <article
      className={[styles.card, dimmed && styles.dimmed, big && styles.big].filter(Boolean).join(" ")}
      aria-label={title}
    >
      <div className={styles.top}>
        <span className={styles.kind} aria-hidden="true">
          <Kind size={16} />
        </span>
        <Link to={`/s/${encodeURIComponent(sandbox.alias || sandbox.id)}`} className={styles.title}>
          {title}
        </Link>
        <span className={styles.privacy} title={privacy.label}>
          <privacy.Icon size={14} />
          <span className="visually-hidden">{privacy.label}</span>
        </span>
      </div>
      {sandbox.description && <p className={styles.description}>{sandbox.description}</p>}
      <div className={styles.meta}>
        <span className={styles.badge}>{sandbox.isV2 ? "Devbox" : "Sandbox"}</span>
        {sandbox.source.template && <span>{sandbox.source.template}</span>}
        <span>{counted(sandbox.viewCount, "view")}</span>
        <span>{counted(sandbox.likeCount, "like")}</span>
        <span>Updated {formatDistanceToNowStrict(new Date(sandbox.updatedAt), { addSuffix: true })}</span>
      </div>
      {note && <p className={styles.note}>{note}</p>}
      {actions && <div className={styles.actions}>{actions}</div>}
    </article>
  );
}
