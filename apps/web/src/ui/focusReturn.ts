import { useRef } from "react";

/**
 * Returning the focus to the control that opened a dialog. Radix gives it back only to a
 * `Dialog.Trigger`; the app's dialogs open from menus, shortcuts and the modal store instead.
 *
 * A menu item that opens a dialog is gone by the time the dialog closes: the control that opened
 * it is the menu's button (which a click does not focus: Radix opens menus on pointerdown), or for
 * a context menu the element that had the focus before the menu took it. That one is remembered.
 */
let beforeMenu: HTMLElement | null = null;

function inMenu(element: Element) {
  return element.closest('[role="menu"], [role="menubar"]') !== null;
}

/** The focusable button that controls a menu (context menus open at an inert anchor: none). */
function menuButton(menu: Element): HTMLElement | null {
  if (!menu.id) return null;
  for (const element of document.querySelectorAll<HTMLElement>("[aria-controls]")) {
    if (element.getAttribute("aria-controls") !== menu.id) continue;
    const focusable = element.tabIndex >= 0 && element.getAttribute("aria-hidden") !== "true";
    return focusable && !inMenu(element) ? element : null;
  }
  return null;
}

if (typeof document !== "undefined") {
  document.addEventListener(
    "focusin",
    (event) => {
      const target = event.target;
      if (!(target instanceof HTMLElement)) return;
      const menu = target.closest('[role="menu"], [role="menubar"]');
      if (!menu) beforeMenu = target;
      else beforeMenu = menuButton(menu) ?? beforeMenu;
    },
    true,
  );
}

/** The control a dialog opening now should give the focus back to. */
export function currentOpener(): HTMLElement | null {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body && !inMenu(active)) return active;
  return beforeMenu?.isConnected ? beforeMenu : null;
}

/**
 * For a Radix `Dialog.Content`: remembers the opener when `open` turns true (during render, before
 * the dialog or an `autoFocus` moves the focus) and gives the focus back to it on close, when it is
 * still on the page. Pass the result as `onCloseAutoFocus`.
 */
export function useReturnFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current && typeof document !== "undefined") opener.current = currentOpener();
  wasOpen.current = open;
  return (event: Event) => {
    const target = opener.current;
    opener.current = null;
    if (!target?.isConnected) return;
    event.preventDefault();
    target.focus({ preventScroll: true });
  };
}
