import * as Dropdown from "@radix-ui/react-dropdown-menu";
import type { ReactNode } from "react";
import styles from "./Menu.module.css";

/**
 * A menu that opens where it was asked for (a context menu at the pointer): its trigger is an
 * invisible point at `at`. `children` is the menu's content (`MenuContent`).
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
    <Dropdown.Root open={at !== null} onOpenChange={(next) => !next && onClose()} modal={false}>
      <Dropdown.Trigger asChild>
        <span
          aria-hidden="true"
          className={styles.pointerAnchor}
          style={{ left: at?.x ?? 0, top: at?.y ?? 0 }}
        />
      </Dropdown.Trigger>
      {children}
    </Dropdown.Root>
  );
}
