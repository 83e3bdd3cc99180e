import { FileIcon } from "../../ui/Icon.tsx";
import styles from "./BinaryView.module.css";
import { EDITOR_MESSAGES } from "./messages.ts";

const IMAGE = /\.(png|jpe?g|gif|webp|avif|bmp|ico|svg)$/i;

/** Whether the file is shown rather than edited: binary files and images. */
export function isShownNotEdited(name: string, isBinary: boolean) {
  return isBinary || (IMAGE.test(name) && !name.toLowerCase().endsWith(".svg"));
}

/** A URL the page may show: a data URL of an image, or an address of this site or the web. */
function safeSource(code: string): string | null {
  const value = code.trim();
  if (/^data:image\/[a-z0-9.+-]+;base64,/i.test(value)) return value;
  if (/^(https?:\/\/|\/)/i.test(value)) return value;
  return null;
}

/** An image shown at its size (scaled down to fit); other binary files say they cannot be edited. */
export function BinaryView({ name, code }: { name: string; code: string }) {
  const source = IMAGE.test(name) ? safeSource(code) : null;
  return (
    <div className={styles.binary}>
      {source ? (
        <figure className={styles.figure}>
          <img src={source} alt={name} className={styles.image} />
          <figcaption className={styles.caption}>{name}</figcaption>
        </figure>
      ) : (
        <div className={styles.notice}>
          <FileIcon size={28} />
          <p>{EDITOR_MESSAGES.binary}</p>
          {safeSource(code) && (
            <a href={safeSource(code)!} download={name}>
              Download {name}
            </a>
          )}
        </div>
      )}
    </div>
  );
}
