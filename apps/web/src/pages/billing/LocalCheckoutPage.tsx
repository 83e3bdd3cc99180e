import { useMutation, useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { getErrorMessage } from "../../api/errors.ts";
import { localCheckoutMutation, localCheckoutQuery } from "../../api/queries/billing.ts";
import styles from "../../features/billing/Billing.module.css";
import { goToExternal } from "../../features/billing/CheckoutRedirect.tsx";
import { CheckoutSummary } from "../../features/billing/CheckoutSummary.tsx";
import { formatCents, formatDate } from "../../features/billing/format.ts";
import { PublicPage } from "../../features/public-nav/PublicNavBar.tsx";
import { Button } from "../../ui/Button.tsx";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { AlertIcon } from "../../ui/Icon.tsx";
import page from "../../ui/Page.module.css";
import { PageSpinner } from "../../ui/Spinner.tsx";

const CLOSED: Record<string, string> = {
  complete: "This order has been confirmed.",
  cancelled: "This order was abandoned.",
  expired: "This checkout has expired. Start a new one from the upgrade page.",
};

/**
 * Boxyard's own checkout page for installs without Stripe (the local payments adapter): the admin
 * reviews the order and confirms it, which records the subscription through the same events a
 * payment provider's webhook fires, or abandons it. Either way it returns to the app.
 */
export function LocalCheckoutPage() {
  const { sessionId = "" } = useParams();
  const checkout = useQuery(localCheckoutQuery(sessionId));
  const confirm = useMutation(
    localCheckoutMutation(sessionId, "confirm", {
      onSuccess: ({ redirectUrl }) => goToExternal(redirectUrl),
    }),
  );
  const cancel = useMutation(
    localCheckoutMutation(sessionId, "cancel", { onSuccess: ({ redirectUrl }) => goToExternal(redirectUrl) }),
  );

  let body: React.ReactNode;
  if (checkout.isPending) body = <PageSpinner />;
  else if (checkout.isError) {
    body = (
      <EmptyState icon={<AlertIcon />} title="Checkout not found">
        {getErrorMessage(checkout.error)}
      </EmptyState>
    );
  } else {
    const order = checkout.data;
    const open = order.status === "open";
    const failure = confirm.error ?? cancel.error;
    body = (
      <div className={page.stack} style={{ width: "100%", maxWidth: 560 }}>
        <h1 style={{ fontSize: 20 }}>Confirm your order</h1>
        <p className={page.muted}>
          {order.planName} for <strong>{order.workspace.name}</strong>. This server bills without a card
          payment: confirming starts the subscription and records a paid invoice.
        </p>
        <CheckoutSummary pkg={order.package} title="Order" />
        {!order.usageBased && (
          <p className={styles.muted}>
            {order.quantity} member{order.quantity === 1 ? "" : "s"}: {formatCents(order.amountTotal)} in
            total.
          </p>
        )}
        {order.spendingLimit !== null && (
          <p className={styles.muted}>
            Spending limit: ${order.spendingLimit} a billing cycle, from when the plan starts.
          </p>
        )}
        {open ? (
          <p className={styles.muted}>This checkout is open until {formatDate(order.expiresAt)}.</p>
        ) : (
          <p role="status">{CLOSED[order.status]}</p>
        )}
        {failure && (
          <p role="alert" style={{ color: "var(--color-danger)" }}>
            {getErrorMessage(failure)}
          </p>
        )}
        <div className={page.actions} style={{ justifyContent: "flex-end" }}>
          {open ? (
            <>
              <Button loading={cancel.isPending} disabled={confirm.isPending} onClick={() => cancel.mutate()}>
                Cancel order
              </Button>
              <Button
                variant="primary"
                loading={confirm.isPending}
                disabled={cancel.isPending}
                onClick={() => confirm.mutate()}
              >
                Confirm order
              </Button>
            </>
          ) : (
            <Button
              variant="primary"
              onClick={() => goToExternal(order.status === "complete" ? order.successUrl : order.cancelUrl)}
            >
              Back to Boxyard
            </Button>
          )}
        </div>
      </div>
    );
  }

  return (
    <PublicPage title="Checkout">
      <div className={page.centered}>{body}</div>
    </PublicPage>
  );
}
