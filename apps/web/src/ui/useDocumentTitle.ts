import { useEffect } from "react";

/** Keeps the browser tab's title in step with the page. */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = `${title} · Boxyard`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
