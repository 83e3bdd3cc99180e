/**
 * sessionStorage when the browser allows it: a framed preview is a third-party context, where
 * browsers that block third-party storage refuse it (reading it throws). Without it, nothing is kept.
 */
export const sessionStore = {
  get(key: string): string | null {
    try {
      return window.sessionStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string) {
    try {
      window.sessionStorage.setItem(key, value);
    } catch {
      // Not kept: asked again next time.
    }
  },
  remove(key: string) {
    try {
      window.sessionStorage.removeItem(key);
    } catch {
      // Nothing was kept.
    }
  },
};
