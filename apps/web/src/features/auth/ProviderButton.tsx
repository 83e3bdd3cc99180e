import type { ReactNode } from "react";
import { Button } from "../../ui/Button.tsx";
import { AppleIcon, GitHubIcon, GoogleIcon, KeyIcon } from "../../ui/Icon.tsx";
import type { AuthProvider } from "./providers.ts";
import styles from "./SignIn.module.css";

const ICONS: Partial<Record<AuthProvider, ReactNode>> = {
  github: <GitHubIcon size={18} />,
  google: <GoogleIcon size={18} />,
  apple: <AppleIcon size={18} />,
  sso: <KeyIcon size={18} />,
};

const LABELS: Record<AuthProvider, string> = {
  github: "Sign in with GitHub",
  google: "Sign in with Google",
  apple: "Sign in with Apple",
  sso: "Sign in with SSO",
  local: "Sign in with e-mail and password",
};

export function ProviderButton({
  provider,
  onClick,
  loading,
  disabled,
}: {
  provider: AuthProvider;
  onClick: () => void;
  loading?: boolean;
  disabled?: boolean;
}) {
  return (
    <Button
      variant="secondary"
      size="lg"
      block
      className={styles.provider}
      onClick={onClick}
      loading={loading}
      disabled={disabled}
      data-provider={provider}
    >
      {!loading && <span className={styles.providerIcon}>{ICONS[provider]}</span>}
      {LABELS[provider]}
    </Button>
  );
}
