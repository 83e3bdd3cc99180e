import * as Dropdown from "@radix-ui/react-dropdown-menu";
import type { ComponentProps, ReactNode } from "react";
import { Link } from "react-router";
import { ExternalIcon } from "./Icon.tsx";
import styles from "./Menu.module.css";

export const MenuRoot = Dropdown.Root;
export const MenuTrigger = Dropdown.Trigger;

export function MenuContent({
  children,
  align = "end",
  sideOffset = 6,
  ...props
}: ComponentProps<typeof Dropdown.Content>) {
  return (
    <Dropdown.Portal>
      <Dropdown.Content className={styles.content} align={align} sideOffset={sideOffset} {...props}>
        {children}
      </Dropdown.Content>
    </Dropdown.Portal>
  );
}

type ItemProps = ComponentProps<typeof Dropdown.Item> & { icon?: ReactNode; trailing?: ReactNode };

export function MenuItem({ icon, trailing, children, className, ...props }: ItemProps) {
  return (
    <Dropdown.Item className={[styles.item, className].filter(Boolean).join(" ")} {...props}>
      {icon}
      <span>{children}</span>
      {trailing && <span className={styles.trailing}>{trailing}</span>}
    </Dropdown.Item>
  );
}

/** A menu entry that is on or off (role menuitemcheckbox); a tick shows when it is on. */
export function MenuCheckboxItem({
  children,
  className,
  ...props
}: ComponentProps<typeof Dropdown.CheckboxItem>) {
  return (
    <Dropdown.CheckboxItem className={[styles.item, className].filter(Boolean).join(" ")} {...props}>
      <span>{children}</span>
      <Dropdown.ItemIndicator className={styles.trailing} aria-hidden="true">
        ✓
      </Dropdown.ItemIndicator>
    </Dropdown.CheckboxItem>
  );
}

/** A menu entry that navigates inside the app. */
export function MenuLinkItem({ to, icon, children }: { to: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <Dropdown.Item asChild className={styles.item}>
      <Link to={to}>
        {icon}
        <span>{children}</span>
      </Link>
    </Dropdown.Item>
  );
}

/** A menu entry that opens another site in a new tab. */
export function MenuExternalItem({
  href,
  icon,
  children,
}: {
  href: string;
  icon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dropdown.Item asChild className={styles.item}>
      <a href={href} target="_blank" rel="noopener noreferrer">
        {icon}
        <span>{children}</span>
        <span className={styles.trailing}>
          <ExternalIcon size={12} />
        </span>
      </a>
    </Dropdown.Item>
  );
}

export function MenuSeparator() {
  return <Dropdown.Separator className={styles.separator} />;
}

export function MenuLabel({ children }: { children: ReactNode }) {
  return <Dropdown.Label className={styles.label}>{children}</Dropdown.Label>;
}
