import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { Button } from "../../ui/Button.tsx";
import { PlusIcon } from "../../ui/Icon.tsx";
import { Logo } from "../../ui/Logo.tsx";
import { useDocumentTitle } from "../../ui/useDocumentTitle.ts";
import { openModal } from "../modals/modalStore.ts";
import { useSession } from "../session/SessionProvider.tsx";
import { UserMenu } from "../user-menu/UserMenu.tsx";
import styles from "./PublicNavBar.module.css";

/**
 * The navigation bar of the pages outside the dashboard (spec 1 §2): logo to /dashboard when
 * logged in, else /; the page title; Sign In (hidden when logged in or on /signin); Create; avatar menu.
 */
export function PublicNavBar({ title }: { title?: string }) {
  const { isLoggedIn, isResolving } = useSession();
  const { pathname } = useLocation();
  const onSignIn =
    pathname === "/signin" || pathname.startsWith("/signin/") || pathname.startsWith("/signup/");

  return (
    <header className={styles.bar}>
      <Link to={isLoggedIn ? "/dashboard" : "/"} className={styles.logo} aria-label="Boxyard home">
        <Logo />
      </Link>
      {title && <span className={styles.title}>{title}</span>}
      <div className={styles.actions}>
        {!isLoggedIn && !isResolving && !onSignIn && (
          <Button variant="ghost" onClick={() => void openModal("signin")}>
            Sign In
          </Button>
        )}
        <Button
          variant="primary"
          size="sm"
          icon={<PlusIcon size={14} />}
          onClick={() => void openModal("create", { kind: "generic" })}
        >
          Create
        </Button>
        <UserMenu />
      </div>
    </header>
  );
}

/** A page outside the dashboard: the public navigation bar above the content. */
export function PublicPage({ title, children }: { title?: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className={styles.page}>
      <PublicNavBar title={title} />
      <main className={styles.main}>{children}</main>
    </div>
  );
}
