import type * as DropdownTypes from "@radix-ui/react-dropdown-menu";
import {
  type ComponentProps,
  cloneElement,
  createContext,
  type FocusEvent,
  isValidElement,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { Link } from "react-router";
import { ExternalIcon } from "./Icon.tsx";
import styles from "./Menu.module.css";

/*
 * Menus are Radix dropdown menus, but Radix (the menu, its positioning and focus code) is not part
 * of a page's first load: it is fetched when a pointer comes near a trigger or focuses it, and a
 * press that comes before it opens the menu once it is there.
 */
type Dropdown = typeof DropdownTypes;
let dropdown: Dropdown | null = null;
let loading: Promise<Dropdown> | null = null;
const listeners = new Set<() => void>();

export function loadMenus(): Promise<Dropdown> {
  loading ??= import("@radix-ui/react-dropdown-menu").then((module) => {
    dropdown = module;
    for (const listener of listeners) listener();
    return module;
  });
  return loading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function useDropdown(): Dropdown | null {
  return useSyncExternalStore(
    subscribe,
    () => dropdown,
    () => dropdown,
  );
}

/** Inside a Radix menu: the module is loaded (menu contents only render with it). */
function useLoadedDropdown(): Dropdown {
  const loaded = useDropdown();
  if (!loaded) throw new Error("A menu part rendered outside an open menu");
  return loaded;
}

type PendingMenu = {
  /** Asks the root (still waiting for Radix) to open when it arrives. */
  arm: () => void;
  /** The waiting trigger had the focus: the real one takes it back when it replaces it. */
  focused: { current: boolean };
  armed: boolean;
};
const PendingMenuContext = createContext<PendingMenu | null>(null);

export function MenuRoot({ children, defaultOpen, open, ...props }: DropdownTypes.DropdownMenuProps) {
  const Dropdown = useDropdown();
  const [armed, setArmed] = useState(false);
  const focused = useRef(false);
  // A menu opened by its owner (a context menu) needs Radix now.
  useEffect(() => {
    if (open && !Dropdown) void loadMenus();
  }, [open, Dropdown]);
  const pending: PendingMenu = {
    arm: () => {
      setArmed(true);
      void loadMenus();
    },
    focused,
    armed,
  };
  return (
    <PendingMenuContext.Provider value={pending}>
      {Dropdown ? (
        <Dropdown.Root
          {...props}
          {...(open === undefined ? { defaultOpen: defaultOpen ?? armed } : { open })}
        >
          {children}
        </Dropdown.Root>
      ) : (
        children
      )}
    </PendingMenuContext.Provider>
  );
}

type TriggerProps = ComponentProps<"button"> & { asChild?: boolean };

const OPENING_KEYS = new Set(["Enter", " ", "ArrowDown"]);

/** Until Radix is there, the trigger is the same button, closed, that fetches it on approach. */
function PendingTrigger({ asChild, children, menu, ...props }: TriggerProps & { menu: PendingMenu | null }) {
  const arm = menu?.arm ?? (() => void loadMenus());
  const pending = {
    ...props,
    "aria-haspopup": "menu" as const,
    "aria-expanded": false,
    "data-state": "closed",
    onPointerEnter: (event: PointerEvent<HTMLButtonElement>) => {
      props.onPointerEnter?.(event);
      void loadMenus();
    },
    onFocus: (event: FocusEvent<HTMLButtonElement>) => {
      props.onFocus?.(event);
      if (menu) menu.focused.current = true;
    },
    onBlur: (event: FocusEvent<HTMLButtonElement>) => {
      props.onBlur?.(event);
      if (menu) menu.focused.current = false;
    },
    onPointerDown: (event: PointerEvent<HTMLButtonElement>) => {
      props.onPointerDown?.(event);
      if (event.button === 0 && !event.ctrlKey) arm();
    },
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      props.onKeyDown?.(event);
      if (OPENING_KEYS.has(event.key)) {
        event.preventDefault();
        arm();
      }
    },
  };
  if (asChild && isValidElement(children)) {
    const child = children as ReactElement<Record<string, unknown>>;
    return cloneElement(child, { ...pending, ...mergeHandlers(child.props, pending) });
  }
  return (
    <button type="button" {...pending}>
      {children}
    </button>
  );
}

/** The child's own handlers run before the trigger's. */
function mergeHandlers(own: Record<string, unknown>, added: Record<string, unknown>) {
  const merged: Record<string, unknown> = {};
  for (const [name, handler] of Object.entries(added)) {
    const mine = own[name];
    if (typeof handler === "function" && typeof mine === "function") {
      merged[name] = (...args: unknown[]) => {
        mine(...args);
        handler(...args);
      };
    }
  }
  return merged;
}

export function MenuTrigger(props: TriggerProps) {
  const Dropdown = useDropdown();
  const menu = useContext(PendingMenuContext);
  if (!Dropdown) return <PendingTrigger {...props} menu={menu} />;
  // Keyboard focus stays where it was when the real trigger replaces the waiting one; a menu
  // opened by a press moves it into the menu itself.
  const refocus = (node: HTMLButtonElement | null) => {
    if (!node || !menu?.focused.current) return;
    menu.focused.current = false;
    if (!menu.armed) node.focus();
  };
  return <Dropdown.Trigger ref={refocus} {...props} />;
}

export function MenuContent({
  children,
  align = "end",
  sideOffset = 6,
  ...props
}: DropdownTypes.DropdownMenuContentProps) {
  const Dropdown = useDropdown();
  if (!Dropdown) return null;
  return (
    <Dropdown.Portal>
      <Dropdown.Content className={styles.content} align={align} sideOffset={sideOffset} {...props}>
        {children}
      </Dropdown.Content>
    </Dropdown.Portal>
  );
}

type ItemProps = DropdownTypes.DropdownMenuItemProps & { icon?: ReactNode; trailing?: ReactNode };

export function MenuItem({ icon, trailing, children, className, ...props }: ItemProps) {
  const Dropdown = useLoadedDropdown();
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
}: DropdownTypes.DropdownMenuCheckboxItemProps) {
  const Dropdown = useLoadedDropdown();
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
  const Dropdown = useLoadedDropdown();
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
  const Dropdown = useLoadedDropdown();
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

export function MenuGroup(props: DropdownTypes.DropdownMenuGroupProps) {
  const Dropdown = useLoadedDropdown();
  return <Dropdown.Group {...props} />;
}

export function MenuSeparator() {
  const Dropdown = useLoadedDropdown();
  return <Dropdown.Separator className={styles.separator} />;
}

export function MenuLabel({ children }: { children: ReactNode }) {
  const Dropdown = useLoadedDropdown();
  return <Dropdown.Label className={styles.label}>{children}</Dropdown.Label>;
}
