import type { MouseEvent } from "react";

/** The page's main region; a page without one (the editor) is skipped to its first heading. */
function mainOf(): HTMLElement | null {
  return (
    document.querySelector<HTMLElement>("main, [role='main']") ?? document.querySelector<HTMLElement>("h1")
  );
}

/**
 * 'Skip to content': the first stop of the keyboard on every page, shown when focused, moving
 * the focus past the navigation to the page's main region.
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = mainOf();
    if (!main) return;
    event.preventDefault();
    if (!main.hasAttribute("tabindex")) main.setAttribute("tabindex", "-1");
    main.focus();
  };
  return (
    // biome-ignore lint/a11y/useValidAnchor: a link to #main, whose target each page has in its own place (found when followed).
    <a className="skip-link" href="#main" onClick={skip}>
      Skip to content
    </a>
  );
}
