import { ApiError, getErrorMessage } from "../../api/errors.ts";

/** The server's first message, without the field name it is about (the form shows it by the field). */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    const errors = (error.body as { errors?: Record<string, unknown> } | undefined)?.errors;
    const first = errors ? Object.values(errors)[0] : undefined;
    if (Array.isArray(first) && typeof first[0] === "string") return first[0];
  }
  return getErrorMessage(error);
}

/** The server's first message and the field it is about (null: the request as a whole). */
export function fieldErrorOf(error: unknown): { field: string | null; text: string } {
  if (error instanceof ApiError) {
    const errors = (error.body as { errors?: Record<string, unknown> } | undefined)?.errors;
    const [field, first] = errors && typeof errors === "object" ? (Object.entries(errors)[0] ?? []) : [];
    if (field !== undefined && Array.isArray(first) && typeof first[0] === "string") {
      return { field: field === "detail" ? null : field, text: first[0] };
    }
  }
  return { field: null, text: getErrorMessage(error) };
}
