import { TEMPLATE_MESSAGES } from "@boxyard/domain";
import { AppError, notFound } from "../../http/errors.ts";

/**
 * A template whose sandbox the user may not see answers exactly as one that does not exist (the
 * command's "sandbox not found" would tell a real template of another workspace from a random id).
 */
export async function asTemplateCommand<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND")
      throw notFound(TEMPLATE_MESSAGES.templateNotFound);
    throw error;
  }
}
