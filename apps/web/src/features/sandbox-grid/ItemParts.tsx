import type { Privacy } from "@boxyard/domain";
import type { DashboardSandbox } from "../../api/queries/sandboxes.ts";
import { BoxIcon, TerminalIcon } from "../../ui/Icon.tsx";
import { PRIVACY_LABELS } from "../sandbox-actions/actions.ts";
import { GlobeIcon, LinkIcon, LockIcon, MoreIcon, ShieldIcon } from "./icons.tsx";
import styles from "./SandboxGrid.module.css";

export function PrivacyIcon({ privacy }: { privacy: Privacy }) {
  const label = PRIVACY_LABELS[privacy];
  const Icon = privacy === 0 ? GlobeIcon : privacy === 1 ? LinkIcon : LockIcon;
  return (
    <span className={styles.privacy} title={label}>
      <Icon size={13} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

export function TemplateIcon({ sandbox, size }: { sandbox: DashboardSandbox; size: number }) {
  const url = sandbox.template?.iconUrl ?? sandbox.customTemplate?.iconUrl ?? sandbox.forkedTemplate?.iconUrl;
  if (url?.startsWith("https://"))
    return <img src={url} alt="" width={size} height={size} draggable={false} />;
  return sandbox.isV2 ? <TerminalIcon size={size} /> : <BoxIcon size={size} />;
}

export function ProtectedMark() {
  return (
    <span title="Protected" className={styles.protected}>
      <ShieldIcon size={12} />
      <span className="visually-hidden">Protected</span>
    </span>
  );
}

/** The 'more' button; the grid handles its click (data-action) and opens the context menu. */
export function MoreButton({ title }: { title: string }) {
  return (
    <button
      type="button"
      className={styles.more}
      aria-label={`More actions for ${title}`}
      tabIndex={-1}
      data-action="more"
    >
      <MoreIcon size={16} />
    </button>
  );
}
