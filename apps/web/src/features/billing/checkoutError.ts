import { BILLING_MESSAGES } from "@boxyard/domain";
import { ApiError, GraphQLRequestError } from "../../api/errors.ts";
import { NoCheckoutUrlError } from "../../api/queries/billing.ts";

/** The first message of a REST error body: `{errors: {detail: [msg]}}` or `{errors: {<field>: [msg]}}`. */
function firstServerMessage(body: unknown): string | null {
  if (typeof body !== "object" || body === null) return null;
  const errors = (body as { errors?: unknown }).errors;
  if (typeof errors !== "object" || errors === null) return null;
  for (const entry of Object.values(errors)) {
    const text = Array.isArray(entry) ? entry[0] : entry;
    if (typeof text === "string" && text !== "") return text;
  }
  return null;
}

/**
 * The text of a failed checkout action (spec 2 §8): the server's first error message, or
 * 'Unexpected error. Please try again later' when it sent none; an answer without an address gives
 * 'Could not generate a checkout URL. Please try again later.'.
 */
export function checkoutErrorText(error: unknown): string {
  if (error instanceof NoCheckoutUrlError) return BILLING_MESSAGES.checkoutUrlFailed;
  if (error instanceof GraphQLRequestError)
    return error.errors[0]?.message || BILLING_MESSAGES.unexpectedError;
  if (error instanceof ApiError) return firstServerMessage(error.body) ?? BILLING_MESSAGES.unexpectedError;
  if (error instanceof Error && error.message) return error.message;
  return BILLING_MESSAGES.checkoutUrlFailed;
}
