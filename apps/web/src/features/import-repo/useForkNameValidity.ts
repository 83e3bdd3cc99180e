import { CODEHOST_MESSAGES } from "@boxyard/domain";
import { useEffect, useState } from "react";
import { ApiError, getErrorMessage } from "../../api/errors.ts";
import { validateForkName } from "../../api/queries/repositories.ts";

/** The fork name is checked this long after the last keystroke (spec 2 §5, §9). */
export const FORK_VALIDATION_DEBOUNCE_MS = 500;

export type ForkNameValidity =
  | { state: "idle" }
  | { state: "validating" }
  | { state: "valid" }
  | { state: "invalid"; message: string };

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

/**
 * Why a validation request failed (spec 2 §8): the server's message when it sent one, else the
 * HTTP status text of the non-OK answer; a request that got no answer says so.
 */
export function invalidMessage(error: unknown): string {
  if (error instanceof ApiError && error.status !== undefined) {
    const text = getErrorMessage(error);
    // The generic 'Request failed with status code N' is no message from the server.
    return text === error.message ? (STATUS_TEXT[error.status] ?? `HTTP ${error.status}`) : text;
  }
  return error instanceof Error && error.message ? error.message : CODEHOST_MESSAGES.invalidRepositoryName;
}

/**
 * Live validity of a fork's 'owner/name' (spec 2 §4, §5): idle while the name is empty; after a
 * 500 ms pause, validating, then valid or invalid with the server's message.
 */
export function useForkNameValidity(owner: string, name: string): ForkNameValidity {
  const [validity, setValidity] = useState<ForkNameValidity>({ state: "idle" });
  useEffect(() => {
    const trimmed = name.trim();
    if (trimmed === "" || owner === "") {
      setValidity({ state: "idle" });
      return;
    }
    setValidity({ state: "validating" });
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      validateForkName(owner, trimmed, controller.signal).then(
        (answer) =>
          setValidity(
            answer.valid
              ? { state: "valid" }
              : { state: "invalid", message: answer.message || CODEHOST_MESSAGES.invalidRepositoryName },
          ),
        (error: unknown) => {
          if (!controller.signal.aborted) setValidity({ state: "invalid", message: invalidMessage(error) });
        },
      );
    }, FORK_VALIDATION_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [owner, name]);
  return validity;
}
