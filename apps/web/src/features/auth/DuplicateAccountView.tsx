import { duplicateAccountMessage } from "@boxyard/domain";
import { useAuthFlow } from "./AuthFlowProvider.tsx";
import { ProviderButton } from "./ProviderButton.tsx";
import { type AuthProvider, normalizeProvider, providerDisplayName } from "./providers.ts";
import styles from "./SignIn.module.css";

/** 'We found an existing account, please sign in with {provider} instead.' with that provider's button. */
export function DuplicateAccountView({
  provider,
  onChoose,
  onOtherMethod,
}: {
  provider: string;
  /** For SSO and local accounts, which need the form rather than a popup. */
  onChoose: (provider: AuthProvider) => void;
  onOtherMethod: () => void;
}) {
  const { startPopup, loadingProvider } = useAuthFlow();
  const known = normalizeProvider(provider);
  return (
    <div className={styles.providers}>
      <p className={styles.notice} role="status">
        {duplicateAccountMessage(providerDisplayName(provider))}
      </p>
      {known && (
        <ProviderButton
          provider={known}
          loading={loadingProvider === known}
          onClick={() => {
            if (known === "github" || known === "google" || known === "apple") startPopup(known);
            else onChoose(known);
          }}
        />
      )}
      <p className={styles.switch}>
        <button type="button" className={styles.linkButton} onClick={onOtherMethod}>
          Use a different method
        </button>
      </p>
    </div>
  );
}
