import type { DropTarget } from "@boxyard/domain";
import type { KeyboardEvent, MouseEvent, ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { dropStateClass, useDropTarget } from "../../features/dashboard-dnd/useDropTarget.ts";
import styles from "./Sidebar.module.css";

type Props = {
  to: string;
  icon: ReactNode;
  children: ReactNode;
  onNavigate?: () => void;
  onContextMenu?: (event: MouseEvent<HTMLAnchorElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLAnchorElement>) => void;
  /** Rendered in the entry after its link (a context menu's anchor). */
  after?: ReactNode;
  /** Never shown as the current page (a second way into a page another entry stands for). */
  plain?: boolean;
};

/** A sidebar entry. */
export function SidebarLink({
  to,
  icon,
  children,
  onNavigate,
  onContextMenu,
  onKeyDown,
  after,
  itemRef,
  className,
  plain,
}: Props & { itemRef?: (element: HTMLLIElement | null) => void; className?: string }) {
  const Anchor = plain ? Link : NavLink;
  return (
    <li ref={itemRef} className={className}>
      <Anchor
        to={to}
        className={styles.link}
        onClick={onNavigate}
        onContextMenu={onContextMenu}
        onKeyDown={onKeyDown}
      >
        {icon}
        <span>{children}</span>
      </Anchor>
      {after}
    </li>
  );
}

/**
 * A sidebar entry that is also a drop target (Recent, Drafts, Templates, Recently deleted):
 * it lights up under a drag it accepts (spec 1 §5).
 */
export function SidebarDropLink({ target, label, ...props }: Props & { target: DropTarget; label: string }) {
  const drop = useDropTarget({ id: `sidebar:${label}`, target, label });
  return (
    <SidebarLink
      {...props}
      itemRef={drop.setNodeRef}
      className={dropStateClass(drop, { over: styles.dropOver ?? "", refused: "" })}
    />
  );
}
