import type { ReactNode } from "react";
import styles from "./Menu.module.css";
import { MenuRoot, MenuTrigger } from "./Menu.tsx";

/**
 * A menu that opens where it was asked for (a context menu at the pointer): its trigger is an
 * invisible point at `at`. `children` is the menu's content (`MenuContent`). Like every menu, its
 * code loads when first used.
 */
export function PointerMenu({
  at,
  onClose,
  children,
}: {
  at: { x: number; y: number } | null;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <MenuRoot open={at !== null} onOpenChange={(next) => !next && onClose()} modal={false}>
      <MenuTrigger asChild>
        <span
          aria-hidden="true"
          className={styles.pointerAnchor}
          style={{ left: at?.x ?? 0, top: at?.y ?? 0 }}
        />
      </MenuTrigger>
      {children}
    </MenuRoot>
  );
}
