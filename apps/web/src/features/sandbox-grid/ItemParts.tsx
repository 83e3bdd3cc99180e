import { isTemplateIcon, type Privacy } from "@boxyard/domain";
import type { DashboardSandbox } from "../../api/queries/sandbox-fragments.ts";
import {
  BoxIcon,
  GlobeIcon,
  LinkIcon,
  LockIcon,
  MoreIcon,
  ShieldIcon,
  TerminalIcon,
} from "../../ui/Icon.tsx";
import { TemplateGlyph } from "../../ui/TemplateGlyph.tsx";
import { PRIVACY_LABELS } from "../sandbox-actions/actions.ts";
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

/**
 * The sandbox's template icon: its own (as a template), else its template's, else the built-in
 * icon of its source template; a sandbox with none shows its kind.
 */
export function TemplateIcon({ sandbox, size }: { sandbox: DashboardSandbox; size: number }) {
  const source = sandbox.source?.template;
  const icon =
    sandbox.template?.iconUrl ??
    sandbox.customTemplate?.iconUrl ??
    sandbox.forkedTemplate?.iconUrl ??
    (source && isTemplateIcon(source) ? source : null);
  if (icon) return <TemplateGlyph icon={icon} size={size} />;
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

/**
 * The 'more' control; the grid handles its click (data-action) and opens the context menu. It is
 * for the pointer only: an option holds no controls of its own (a screen reader reads an option
 * as one piece of text), and the keyboard opens the same menu with the context-menu key or
 * Shift+F10 on the list.
 */
export function MoreButton({ title }: { title: string }) {
  return (
    <span className={styles.more} title={`More actions for ${title}`} aria-hidden="true" data-action="more">
      <MoreIcon size={16} />
    </span>
  );
}
