import { OFFICIAL_TEMPLATES } from "@boxyard/domain";
import type { SandboxDetail } from "../../api/queries/sandbox.ts";
import { sandboxColour } from "../../features/sandbox-grid/sandboxColour.ts";
import { BoxIcon, TerminalIcon } from "../../ui/Icon.tsx";
import { TemplateGlyph } from "../../ui/TemplateGlyph.tsx";
import styles from "./TemplateTile.module.css";

/** The official template a sandbox comes from, if any. */
export const officialTemplateOf = (sandbox: Pick<SandboxDetail, "source">) =>
  OFFICIAL_TEMPLATES.find((t) => t.sourceTemplate === sandbox.source.template) ?? null;

/** The sandbox's template colour and icon: its own, the one it was forked from, else its official template's. */
export function TemplateTile({ sandbox, size = 24 }: { sandbox: SandboxDetail; size?: number }) {
  const template = sandbox.customTemplate ?? sandbox.forkedTemplate;
  const icon = template?.iconUrl ?? officialTemplateOf(sandbox)?.iconUrl;
  const glyph = Math.round(size * 0.6);
  return (
    <span
      className={styles.tile}
      style={{ background: icon ? undefined : sandboxColour(sandbox), width: size, height: size }}
      aria-hidden="true"
    >
      {icon ? (
        <TemplateGlyph icon={icon} size={size} />
      ) : sandbox.isV2 ? (
        <TerminalIcon size={glyph} />
      ) : (
        <BoxIcon size={glyph} />
      )}
    </span>
  );
}
