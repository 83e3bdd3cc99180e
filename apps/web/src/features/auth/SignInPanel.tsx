import { MESSAGES } from "@boxyard/domain";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { Button } from "../../ui/Button.tsx";
import { AlertIcon } from "../../ui/Icon.tsx";
import { LogoMark } from "../../ui/Logo.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { OnboardingForm } from "../onboarding/OnboardingForm.tsx";
import { useSession } from "../session/SessionProvider.tsx";
import { useAuthFlow } from "./AuthFlowProvider.tsx";
import { DuplicateAccountView } from "./DuplicateAccountView.tsx";
import { LocalAccountForm, type LocalAccountMode } from "./LocalAccountForm.tsx";
import { ProviderButton } from "./ProviderButton.tsx";
import { PASSWORD_TEXTS } from "./passwordTexts.ts";
import { type AuthProvider, defaultSignInMode, enabledPopupProviders, type SignInMode } from "./providers.ts";
import styles from "./SignIn.module.css";
import { SsoForm } from "./SsoForm.tsx";

type Props = {
  /** Shows 'Continue without an account' (the sign-in modal passes one). */
  onCancel?: () => void;
};

/**
 * The sign-in screen (spec 1 §2, §4): the duplicate-account view when one was found, else the
 * onboarding form for a pending user, else the choice of provider.
 */
export function SignInPanel({ onCancel }: Props) {
  const session = useSession();
  const { duplicateAccountStatus, pendingUserId } = session;
  const [mode, setModeState] = useState<SignInMode | null>(null);
  // 'Create account' on the e-mail form retitles the screen; another way in starts over.
  const [localMode, setLocalMode] = useState<LocalAccountMode>("signin");
  const setMode = (next: SignInMode) => {
    setModeState(next);
    setLocalMode("signin");
  };

  let heading = localMode === "signup" ? PASSWORD_TEXTS.signupContinueTitle : "Sign in to Boxyard";
  let lead = "Sandboxes, devboxes and repositories for your whole team.";
  let body: ReactNode;

  if (duplicateAccountStatus) {
    heading = "You already have an account";
    lead = "";
    body = (
      <DuplicateAccountView
        provider={duplicateAccountStatus.provider}
        onChoose={(provider: AuthProvider) => {
          session.setDuplicateAccountStatus(null);
          setMode(provider === "sso" ? "SSO" : "DEFAULT");
        }}
        onOtherMethod={() => session.setDuplicateAccountStatus(null)}
      />
    );
  } else if (pendingUserId) {
    heading = "Welcome to Boxyard";
    lead = "Tell us a little about yourself to finish creating your account.";
    body = <OnboardingForm userId={pendingUserId} />;
  } else {
    body = <ProviderChoice mode={mode} onModeChange={setMode} onLocalModeChange={setLocalMode} />;
  }

  return (
    <div className={styles.panel}>
      <header className={styles.header}>
        <LogoMark size={32} />
        <h1>{heading}</h1>
        {lead && <p className={styles.lead}>{lead}</p>}
      </header>
      {body}
      <p className={styles.terms}>
        By continuing, you agree to the <Link to="/legal/cookies#terms">Terms of service</Link> and the{" "}
        <Link to="/legal/cookies">Privacy policy</Link>.
      </p>
      {onCancel && (
        <Button variant="ghost" className={styles.cancel} onClick={onCancel}>
          {MESSAGES.continueWithoutAccount}
        </Button>
      )}
    </div>
  );
}

function ProviderChoice({
  mode,
  onModeChange,
  onLocalModeChange,
}: {
  mode: SignInMode | null;
  onModeChange: (mode: SignInMode) => void;
  /** The e-mail form switched between signing in and creating an account. */
  onLocalModeChange: (mode: LocalAccountMode) => void;
}) {
  const { features, featuresStatus, refetchFeatures } = useSession();
  const { startPopup, loadingProvider, error } = useAuthFlow();

  if (featuresStatus === "pending") {
    return (
      <div className={styles.providers} aria-busy="true">
        <Skeleton height={40} />
        <Skeleton height={40} />
      </div>
    );
  }
  if (featuresStatus === "error" || !features) {
    return (
      <div className={styles.providers}>
        <p className={styles.error} role="alert">
          <AlertIcon size={14} />
          We couldn't load the sign-in options. Check your connection and try again.
        </p>
        <Button onClick={refetchFeatures}>Try again</Button>
      </div>
    );
  }

  const popupProviders = enabledPopupProviders(features);
  const current = mode ?? defaultSignInMode(features);
  const hasOtherMethods = popupProviders.length > 0 || features.loginWithPassword;

  if (current === "SSO" && features.loginWithWorkos) {
    return <SsoForm onBack={hasOtherMethods ? () => onModeChange("DEFAULT") : undefined} />;
  }

  if (!hasOtherMethods && !features.loginWithWorkos) {
    return (
      <p className={styles.notice}>
        No sign-in method is enabled on this installation. Ask your administrator to configure one.
      </p>
    );
  }

  return (
    <div className={styles.providers}>
      {error && error.provider !== "sso" && (
        <p className={styles.error} role="alert">
          <AlertIcon size={14} />
          {error.message}
        </p>
      )}
      {popupProviders.map((provider) => (
        <ProviderButton
          key={provider}
          provider={provider}
          loading={loadingProvider === provider}
          disabled={loadingProvider !== null && loadingProvider !== provider}
          onClick={() => startPopup(provider)}
        />
      ))}
      {features.loginWithWorkos && (
        <ProviderButton
          provider="sso"
          onClick={() => onModeChange("SSO")}
          disabled={loadingProvider !== null}
        />
      )}
      {features.loginWithPassword && (
        <>
          {(popupProviders.length > 0 || features.loginWithWorkos) && (
            <div className={styles.divider}>or</div>
          )}
          <LocalAccountForm onModeChange={onLocalModeChange} />
        </>
      )}
    </div>
  );
}
