import {
  isIconImage,
  normalizeTemplateColor,
  normalizeTemplateIcon,
  TEMPLATE_ICONS,
  TEMPLATE_MESSAGES,
} from "@boxyard/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { type DashboardSandbox, sandboxTitle } from "../../api/queries/sandbox-fragments.ts";
import { setTemplateAppearance } from "../../api/queries/sandbox-mutations.ts";
import { Button } from "../../ui/Button.tsx";
import { Modal } from "../../ui/Modal.tsx";
import { TemplateGlyph } from "../../ui/TemplateGlyph.tsx";
import { TextField } from "../../ui/TextField.tsx";
import styles from "./TemplateAppearanceDialog.module.css";

/** Colours offered at a click; any hex colour can be typed. */
const SWATCHES = ["#61dafb", "#3178c6", "#41b883", "#673ab8", "#ff3e00", "#dd0031", "#f7df1e", "#e8e8ed"];

/**
 * A workspace template's card colour and icon (spec 1 §3 'Template entry': color, iconUrl): a
 * built-in colour icon or an https:// image.
 */
export function TemplateAppearanceDialog({
  sandbox,
  onClose,
}: {
  sandbox: DashboardSandbox | null;
  onClose: () => void;
}) {
  return (
    <Modal
      open={sandbox !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Template colour and icon"
      description={sandbox ? sandboxTitle(sandbox) : undefined}
      width={480}
    >
      {sandbox && <AppearanceForm sandbox={sandbox} onClose={onClose} />}
    </Modal>
  );
}

function AppearanceForm({ sandbox, onClose }: { sandbox: DashboardSandbox; onClose: () => void }) {
  const queryClient = useQueryClient();
  const template = sandbox.template ?? sandbox.customTemplate;
  const startIcon = template?.iconUrl ?? null;
  const [color, setColor] = useState(sandbox.template?.color ?? "");
  const [icon, setIcon] = useState<string | null>(startIcon && !isIconImage(startIcon) ? startIcon : null);
  const [image, setImage] = useState(isIconImage(startIcon) ? startIcon : "");
  const [saving, setSaving] = useState(false);

  const colorError = color.trim() && !normalizeTemplateColor(color) ? TEMPLATE_MESSAGES.colorInvalid : null;
  const imageError = image.trim() && !normalizeTemplateIcon(image) ? TEMPLATE_MESSAGES.iconInvalid : null;
  const chosenIcon = image.trim() ? image.trim() : icon;

  async function save() {
    if (!template || colorError || imageError) return;
    setSaving(true);
    const done = await setTemplateAppearance(queryClient, {
      templateId: template.id,
      color: color.trim() ? normalizeTemplateColor(color) : null,
      iconUrl: chosenIcon,
    });
    setSaving(false);
    if (done) onClose();
  }

  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <div
        className={styles.preview}
        style={{ background: normalizeTemplateColor(color) ?? "var(--color-overlay)" }}
      >
        <span className={styles.previewIcon}>
          <TemplateGlyph icon={chosenIcon} size={32} />
        </span>
      </div>
      <fieldset className={styles.group}>
        <legend>Colour</legend>
        <div className={styles.swatches}>
          {SWATCHES.map((swatch) => (
            <button
              key={swatch}
              type="button"
              className={styles.swatch}
              style={{ background: swatch }}
              aria-label={swatch}
              aria-pressed={normalizeTemplateColor(color) === swatch}
              onClick={() => setColor(swatch)}
            />
          ))}
        </div>
        <TextField
          label="Hex colour"
          placeholder="#61dafb"
          value={color}
          error={colorError}
          onChange={(event) => setColor(event.target.value)}
        />
      </fieldset>
      <fieldset className={styles.group}>
        <legend>Icon</legend>
        <div className={styles.icons} role="radiogroup" aria-label="Built-in icons">
          {TEMPLATE_ICONS.map((name) => (
            // biome-ignore lint/a11y/useSemanticElements: a grid of icon buttons acting as one choice.
            <button
              key={name}
              type="button"
              role="radio"
              aria-checked={!image.trim() && icon === name}
              aria-label={name}
              title={name}
              className={styles.icon}
              onClick={() => {
                setIcon(name);
                setImage("");
              }}
            >
              <TemplateGlyph icon={name} size={24} />
            </button>
          ))}
        </div>
        <TextField
          label="Or an image address"
          placeholder="https://example.com/icon.svg"
          value={image}
          error={imageError}
          onChange={(event) => setImage(event.target.value)}
        />
      </fieldset>
      <div className={styles.footer}>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="primary" loading={saving} disabled={Boolean(colorError || imageError)}>
          Save
        </Button>
      </div>
    </form>
  );
}
