import { BILLING_MESSAGES, packageAddons, type SubscriptionPackage } from "@boxyard/domain";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { checkoutMutation } from "../../api/queries/billing.ts";
import { Button } from "../../ui/Button.tsx";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { AlertIcon } from "../../ui/Icon.tsx";
import { PageSpinner } from "../../ui/Spinner.tsx";
import { checkoutErrorText } from "./checkoutError.ts";

/** Leaves the app for the payment provider's checkout page (a full page load: it is another site). */
export function goToExternal(url: string) {
  window.location.assign(url);
}

/** The add-on ids a checkout sends: one entry per add-on bought. */
export function checkoutAddons(pkg: SubscriptionPackage): string[] {
  return packageAddons(pkg).flatMap(({ id, quantity }) => Array.from({ length: quantity }, () => id));
}

/**
 * The finalize step of a free workspace (spec 2 §2.10): loading while the checkout is made, then
 * off to the payment provider; on failure 'Cannot redirect to payment provider' with Retry checkout
 * and Abandon checkout (spec 2 §8).
 */
export function CheckoutRedirect({
  teamId,
  pkg,
  successPath,
  cancelPath,
  spendingLimit,
  onAbandon,
}: {
  teamId: string | null;
  pkg: SubscriptionPackage;
  successPath: string;
  cancelPath: string;
  /** The spending limit chosen with the plan; omitted keeps the workspace's. */
  spendingLimit?: number | undefined;
  onAbandon: () => void;
}) {
  const checkout = useMutation(
    checkoutMutation(
      () => ({
        teamId,
        plan: pkg.basePlan.id,
        billingInterval: pkg.billingInterval === "YEARLY" ? "yearly" : "monthly",
        addons: checkoutAddons(pkg),
        successPath,
        cancelPath,
        ...(spendingLimit === undefined ? {} : { spendingLimit }),
      }),
      { onSuccess: goToExternal },
    ),
  );

  // Starting the checkout is what entering this step means; once, even when React mounts twice.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    checkout.mutate();
  }, [checkout.mutate]);

  if (checkout.isError) {
    return (
      <EmptyState
        icon={<AlertIcon />}
        title={BILLING_MESSAGES.checkoutErrorTitle}
        actions={
          <>
            <Button variant="primary" onClick={() => checkout.mutate()}>
              {BILLING_MESSAGES.retryCheckout}
            </Button>
            <Button onClick={onAbandon}>{BILLING_MESSAGES.abandonCheckout}</Button>
          </>
        }
      >
        {checkoutErrorText(checkout.error)}
      </EmptyState>
    );
  }
  return <PageSpinner label="Redirecting to the payment provider" />;
}
