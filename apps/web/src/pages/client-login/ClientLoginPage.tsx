import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useLocation } from "react-router";
import { getErrorMessage } from "../../api/errors.ts";
import { authTokenQuery } from "../../api/queries/users.ts";
import { RequireAuth } from "../../app/RequireAuth.tsx";
import { PublicPage } from "../../features/public-nav/PublicNavBar.tsx";
import { Button } from "../../ui/Button.tsx";
import { CheckIcon, CopyIcon, TerminalIcon } from "../../ui/Icon.tsx";
import page from "../../ui/Page.module.css";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { toast } from "../../ui/toastStore.ts";
import styles from "./ClientLoginPage.module.css";

const CLIENTS: Record<string, { title: string; client: string }> = {
  "/cli/login": { title: "Command-line sign-in", client: "the command line" },
  "/client/login": { title: "Mobile app sign-in", client: "the mobile app" },
  "/vscode/login": { title: "Editor extension sign-in", client: "the editor extension" },
};

/** /cli/login, /client/login, /vscode/login: an auth code for another client to sign in with. */
export function ClientLoginPage() {
  const { pathname } = useLocation();
  const client = CLIENTS[pathname.replace(/\/$/, "")] ?? CLIENTS["/cli/login"]!;
  return (
    <RequireAuth>
      <PublicPage title={client.title}>
        <div className={page.centered}>
          <div className={`${page.card} ${page.wide}`}>
            <AuthCode client={client.client} title={client.title} />
          </div>
        </div>
      </PublicPage>
    </RequireAuth>
  );
}

function AuthCode({ client, title }: { client: string; title: string }) {
  const token = useQuery({ ...authTokenQuery(), meta: { silent: true } });
  const [copied, setCopied] = useState(false);

  async function copy(value: string) {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast.success("Auth code copied");
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast.error("Copying failed: select the code and copy it yourself.");
    }
  }

  return (
    <div className={page.stack}>
      <div className={styles.icon}>
        <TerminalIcon size={20} />
      </div>
      <h1 style={{ fontSize: 20 }}>{title}</h1>
      <p className={page.muted}>
        Paste this code into {client} to finish signing in. It works like a password: do not share it.
      </p>
      {token.isPending ? (
        <Skeleton height={44} />
      ) : token.isError ? (
        <div className={page.stack}>
          <p className={page.alert} role="alert">
            We couldn't create an auth code: {getErrorMessage(token.error)}
          </p>
          <Button onClick={() => void token.refetch()}>Try again</Button>
        </div>
      ) : (
        <div className={styles.codeRow}>
          <code className={styles.code}>{token.data.token}</code>
          <Button
            variant="primary"
            icon={copied ? <CheckIcon size={14} /> : <CopyIcon size={14} />}
            onClick={() => void copy(token.data.token)}
          >
            {copied ? "Copied" : "Copy"}
          </Button>
        </div>
      )}
    </div>
  );
}
