/** The GitHub App install window (spec 1 §9: 900x600; its closing is noticed by a 300 ms poll). */
export const INSTALL_WINDOW = { width: 900, height: 600 } as const;
export const WINDOW_POLL_MS = 300;

/**
 * Opens `url` in a 900x600 window and calls `onClosed` once it is closed (spec 1 §2: closing the
 * install window reloads the repository). Answers a function that stops watching.
 */
export function openInstallWindow(url: string, onClosed: () => void): () => void {
  const left = Math.max(0, Math.round((window.screen.width - INSTALL_WINDOW.width) / 2));
  const top = Math.max(0, Math.round((window.screen.height - INSTALL_WINDOW.height) / 2));
  const popup = window.open(
    url,
    "boxyard-github-app",
    `width=${INSTALL_WINDOW.width},height=${INSTALL_WINDOW.height},left=${left},top=${top}`,
  );
  if (!popup) {
    // A blocked pop-up: the page itself goes there, and the repository reloads on return.
    window.location.assign(url);
    return () => {};
  }
  const timer = window.setInterval(() => {
    if (!popup.closed) return;
    window.clearInterval(timer);
    onClosed();
  }, WINDOW_POLL_MS);
  return () => window.clearInterval(timer);
}
