import { type FormEvent, useEffect, useState } from "react";
import { ExternalIcon, TerminalIcon } from "../../ui/Icon.tsx";
import styles from "./PreviewPanel.module.css";
import type { PreviewState } from "./usePreview.ts";

const ReloadIcon = () => (
  <svg
    width={16}
    height={16}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.75}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d="M20 12a8 8 0 1 1-2.34-5.66" />
    <path d="M20 4v5h-5" />
  </svg>
);

/**
 * The preview pane (issue 16): the running app in an iframe of the preview origin, its address
 * (the path within the app), reload, open in a new tab and the console's toggle.
 */
export function PreviewPanel({
  preview,
  consoleOpen,
  onToggleConsole,
  errorCount,
}: {
  preview: PreviewState;
  consoleOpen: boolean;
  onToggleConsole: () => void;
  errorCount: number;
}) {
  const [address, setAddress] = useState(preview.location);
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (!editing) setAddress(preview.location);
  }, [preview.location, editing]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    preview.navigate(address.trim() || "/");
    setEditing(false);
  };

  if (!preview.available || !preview.src) {
    return (
      <section className={styles.panel} aria-label="Preview">
        <p className={styles.unavailable}>This installation has no preview origin configured.</p>
      </section>
    );
  }
  return (
    <section className={styles.panel} aria-label="Preview">
      <div className={styles.toolbar}>
        <button
          type="button"
          className={styles.tool}
          aria-label="Reload preview"
          title="Reload preview"
          onClick={preview.reload}
        >
          <ReloadIcon />
        </button>
        <form className={styles.addressForm} onSubmit={submit}>
          <span className={styles.status} data-status={preview.status} title={STATUS_LABELS[preview.status]}>
            <span className="visually-hidden">{STATUS_LABELS[preview.status]}</span>
          </span>
          <input
            className={styles.address}
            aria-label="Preview address"
            value={address}
            spellCheck={false}
            onFocus={() => setEditing(true)}
            onBlur={() => setEditing(false)}
            onChange={(event) => setAddress(event.target.value)}
          />
        </form>
        <a
          className={styles.tool}
          href={preview.tabUrl ?? undefined}
          target="_blank"
          rel="noreferrer"
          aria-label="Open preview in a new tab"
          title="Open preview in a new tab"
        >
          <ExternalIcon />
        </a>
        <button
          type="button"
          className={styles.tool}
          aria-label={consoleOpen ? "Hide console" : "Show console"}
          aria-pressed={consoleOpen}
          title={consoleOpen ? "Hide console" : "Show console"}
          onClick={onToggleConsole}
        >
          <TerminalIcon />
          {errorCount > 0 && <span className={styles.badge}>{errorCount > 99 ? "99+" : errorCount}</span>}
        </button>
      </div>
      <iframe
        key={preview.frameKey}
        ref={preview.frameRef}
        className={styles.frame}
        src={preview.src}
        title="Preview"
        // The preview origin is another site: its own process, no Boxyard cookie.
        allow="clipboard-read; clipboard-write; fullscreen"
        referrerPolicy="no-referrer"
      />
    </section>
  );
}

const STATUS_LABELS = { loading: "Loading", ready: "Running", error: "Error" } as const;
