import { OFFICIAL_TEMPLATES } from "@boxyard/domain";
import { TemplateGlyph } from "../../ui/TemplateGlyph.tsx";
import styles from "./ImportScreen.module.css";

/** The editor address of a starter that makes a new repository from it (spec 2 §2.4 tab 3). */
export const starterUrl = (id: string) => `/s/${encodeURIComponent(id)}?createRepo=true`;

/**
 * Tab 3, 'Start from a template': the official starter templates; each opens its editor with
 * createRepo=true, which makes a new repository from its files.
 */
export function StarterTab() {
  return (
    <ul className={styles.starters} aria-label="Starter templates">
      {OFFICIAL_TEMPLATES.map((template) => (
        <li key={template.id}>
          <a className={styles.starter} href={starterUrl(template.id)}>
            <TemplateGlyph icon={template.iconUrl} size={24} />
            <strong>{template.title}</strong>
            <span>{template.description}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
