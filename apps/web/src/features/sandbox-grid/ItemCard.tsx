import { type ReactNode, useState } from "react";
import type { Folder } from "../../api/queries/folders.ts";
import type { DashboardSandbox } from "../../api/queries/sandbox-fragments.ts";
import { FolderIcon } from "../../ui/Icon.tsx";
import { type CardDate, updatedText } from "./format.ts";
import { PrivacyIcon, ProtectedMark, TemplateIcon } from "./ItemParts.tsx";
import styles from "./SandboxGrid.module.css";
import { sandboxColour } from "./sandboxColour.ts";
import { measureImageBrightness, type ThumbnailTone, thumbnailTone } from "./thumbnailBrightness.ts";

/** A folder's card in the grid: its icon, name and number of items. */
export function FolderCard({ folder, title, more }: { folder: Folder; title: ReactNode; more: ReactNode }) {
  return (
    <>
      <div className={[styles.thumb, styles.folderThumb].join(" ")}>
        <FolderIcon size={40} />
      </div>
      <div className={styles.meta}>
        <div className={styles.titleLine}>
          {title}
          {more}
        </div>
        <div className={styles.subLine}>{folderCount(folder) ?? "Folder"}</div>
      </div>
    </>
  );
}

/** A sandbox's card in the grid (DESIGN.md 'Cards and rows'). */
export function SandboxCard({
  sandbox,
  date,
  title,
  more,
}: {
  sandbox: DashboardSandbox;
  /** Which time the item states (default: when it was updated). */
  date?: CardDate | undefined;
  title: ReactNode;
  more: ReactNode;
}) {
  const updated = updatedText(sandbox, date);
  // The screenshot's brightness picks the overlay's colours. One that cannot be read leaves the
  // default overlay; one that fails to load gives no measure and the card shows its tile (spec 1 §8).
  const [shot, setShot] = useState<{ src: string; tone: ThumbnailTone | null; failed: boolean } | null>(null);
  const measured = shot && shot.src === sandbox.screenshotUrl ? shot : null;
  const screenshot = measured?.failed ? null : sandbox.screenshotUrl;
  return (
    <>
      <div
        className={styles.thumb}
        style={{ background: screenshot ? undefined : sandboxColour(sandbox) }}
        data-tone={measured?.tone ?? undefined}
      >
        {screenshot ? (
          <img
            src={screenshot}
            alt=""
            className={styles.screenshot}
            loading="lazy"
            draggable={false}
            onLoad={(event) => {
              const tone = thumbnailTone(measureImageBrightness(event.currentTarget));
              setShot({ src: screenshot, tone, failed: false });
            }}
            onError={() => setShot({ src: screenshot, tone: null, failed: true })}
          />
        ) : (
          <span className={styles.tileIcon}>
            <TemplateIcon sandbox={sandbox} size={28} />
          </span>
        )}
        <span className={styles.badge}>{sandbox.isV2 ? "Devbox" : "Sandbox"}</span>
      </div>
      <div className={styles.meta}>
        <div className={styles.titleLine}>
          {title}
          {more}
        </div>
        <div className={styles.subLine}>
          <PrivacyIcon privacy={sandbox.privacy} />
          {sandbox.isFrozen && <ProtectedMark />}
          <span className={styles.ellipsis}>
            {updated ?? ""}
            {sandbox.author?.username ? ` · ${sandbox.author.username}` : ""}
          </span>
        </div>
      </div>
    </>
  );
}

export function folderCount(folder: Folder): string | null {
  const count = folder.sandboxCount;
  return count === undefined ? null : `${count} ${count === 1 ? "item" : "items"}`;
}
