import { isIconImage, runsOnLabel } from "@boxyard/domain";
import type { MouseEvent } from "react";
import styles from "./CreateScreen.module.css";
import type { CatalogTemplate } from "./catalog.ts";

/** Dark or light text, whichever reads on the tile's colour. */
function inkOn(hex: string | null): string {
  const match = hex?.match(/^#([0-9a-f]{6})$/i);
  if (!match) return "var(--color-text)";
  const n = Number.parseInt(match[1]!, 16);
  const luminance = (0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255)) / 255;
  return luminance > 0.6 ? "#0f0f10" : "#ffffff";
}

export function TemplateTile({
  template,
  size = 32,
}: {
  template: Pick<CatalogTemplate, "title" | "iconUrl" | "color">;
  size?: number;
}) {
  const image = isIconImage(template.iconUrl) ? template.iconUrl : null;
  return (
    <span
      className={styles.tile}
      style={{
        width: size,
        height: size,
        background: template.color ?? "var(--color-selected)",
        color: inkOn(template.color),
      }}
      aria-hidden="true"
    >
      {image ? <img src={image} alt="" width={size - 8} height={size - 8} /> : template.title.slice(0, 1)}
    </span>
  );
}

const count = new Intl.NumberFormat("en", { notation: "compact" });

/**
 * A template card (spec 2 §2.3): a click selects it; a meta- or ctrl-click (or a middle click)
 * opens it in a new tab, which its link does by itself.
 */
export function TemplateCard({
  template,
  onSelect,
}: {
  template: CatalogTemplate;
  onSelect: (template: CatalogTemplate) => void;
}) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onSelect(template);
  };
  return (
    <a
      href={`/s/${encodeURIComponent(template.id)}`}
      className={styles.card}
      onClick={onClick}
      data-template-id={template.id}
    >
      <span className={styles.cardTop}>
        <TemplateTile template={template} />
        <span className={styles.cardTitles}>
          <span className={styles.cardTitle}>{template.title}</span>
          <span className={styles.cardAuthor}>{template.author}</span>
        </span>
      </span>
      {template.description && <span className={styles.cardDescription}>{template.description}</span>}
      <span className={styles.cardMeta}>
        <span className={styles.runsOn}>{runsOnLabel(template.runtime)}</span>
        {template.forkCount > 0 && (
          <span>
            {count.format(template.forkCount)} {template.forkCount === 1 ? "fork" : "forks"}
          </span>
        )}
      </span>
    </a>
  );
}
