/** User-facing texts of plans, checkout and billing (spec 2 §2.10, §5, §8; spec 1 §8), and the server's refusals. */
export const BILLING_MESSAGES = {
  // The spec's texts, word for word (spec 2 §8).
  checkoutUrlFailed: "Could not generate a checkout URL. Please try again later.",
  invalidWorkspace: "Invalid workspace",
  checkoutErrorTitle: "Cannot redirect to payment provider",
  retryCheckout: "Retry checkout",
  abandonCheckout: "Abandon checkout",
  unexpectedError: "Unexpected error. Please try again later",
  paymentIssues: "There are some issues with your payment.",
  paymentNotApproved: "Your payment was not yet approved.",
  updatePlanTitle: "Update plan",
  resetChanges: "Reset changes",
  contactUs: "Contact us",
  upgradeToPro: "Upgrade to Pro",

  // Where the spec is silent: short sentences in the same voice.
  billingForbidden: "Only workspace admins and team managers can manage billing.",
  unknownPlan: (plan: string) =>
    `There is no plan '${plan}' to check out. Choose flex (Pro) or builder (Scale).`,
  unknownAddon: (addon: string) =>
    `There is no add-on '${addon}'. Choose credits_500, credits_4000 or credits_24000.`,
  unknownInterval: "The billing interval must be monthly or yearly.",
  pathInvalid: "Return paths must be paths on this site, starting with a single '/'.",
  teamRequired: "Say which workspace to check out for (team_id).",
  alreadySubscribed:
    "This workspace already has a subscription. Change its plan instead of checking out again.",
  noUsageSubscription: "This workspace has no active usage-based subscription to change.",
  notLegacy: "This workspace's subscription is already usage-based.",
  notUsageBased: "This workspace's subscription is not usage-based yet. Convert it to usage billing first.",
  nothingToChange: "This workspace is already on that plan with those add-ons.",
  checkoutNotFound: "This checkout does not exist.",
  checkoutClosed: "This checkout has already been completed or abandoned.",
  checkoutExpired: "This checkout has expired. Start a new one.",
  legacyUnavailable: "Per-seat Pro subscriptions cannot be bought on this server. Use the usage-based plans.",
  noSubscriptionToCancel: "This workspace has no active subscription to cancel.",
  notCancelling: "This subscription is not set to cancel.",
  managedByProvider: "This subscription is managed in the payment provider's customer portal.",
  webhookSignature: "The webhook signature is not valid.",
  unknownApiVersion: (version: string) => `Unknown API version '${version}'.`,
  subscriptionBlocksDelete:
    "This workspace has an active subscription. Cancel it in the billing portal before deleting the workspace.",
  providerFailed: "The payment provider could not be reached. Please try again later.",

  // Banners (spec 2 §2.11, §8): the payment texts are the spec's; the advice and the credit banners are ours.
  paymentIssuesAdvice: "Update your payment details to keep your workspace on its plan.",
  paymentNotApprovedAdvice: "Complete the payment with your bank, or use another card.",
  paymentContactAdmin: "Please contact your workspace admin to update the payment details.",
  updatePayment: "Update payment",
  outOfCreditsTitle: "You are out of credits",
  outOfCreditsText:
    "Devboxes and repositories in this workspace are frozen until the next billing cycle. Upgrade to Pro to keep working.",
  lowCreditsTitle: "You are running low on credits",
  lowCreditsText: (left: number) =>
    `Fewer than ${left} credits are left in this billing cycle. When they run out, devboxes are frozen.`,
  closeToLimitTitle: "You are close to your spending limit",
  closeToLimitText:
    "Over 90% of this cycle's credits are used. Raise the spending limit to keep devboxes running.",
  limitReachedTitle: "You have reached your spending limit",
  limitReachedText:
    "Devboxes and repositories in this workspace are frozen until the next billing cycle or until the limit is raised.",
  changeSpendingLimit: "Change spending limit",
  askAdmin: "Ask a workspace admin to upgrade or raise the spending limit.",
  dismiss: "Dismiss",

  // The recent page's plan notices (spec 1 §4, §9).
  usageWelcomeTitle: "Welcome to usage-based billing",
  usageWelcomeFree: [
    "Private sandboxes and devboxes",
    "Live collaboration with up to 5 members",
    "400 free credits (up to 40 hours) per month",
    "AI features and the editor extension",
  ],
  usageWelcomePro: [
    "Up to 20 members at no extra cost",
    "VM sizes up to 16 vCPUs and 32 GB RAM",
    "Purchasable credits",
    "Unlimited devboxes and personal drafts",
  ],
  proUpsellTitle: "Do more with Pro",
  proUpsellText: "Bigger VMs, more credits every month, and up to 20 members at no extra cost.",
  legacyConversionTitle: "Move to usage-based billing",
  legacyConversionText:
    "Pay for the plan and the credits your workspace uses instead of per member. Review the change before anything is charged.",
  reviewConversion: "Review the change",
} as const;
