import { SANDBOX_MESSAGES, skippedMessage } from "@boxyard/domain";
import { toast } from "../../ui/toastStore.ts";
import { rest } from "../rest.ts";
import { mutationErrorText } from "./optimistic.ts";

/**
 * Download as zip (spec 1 §5): the server streams the archive and says in a header how many
 * sandboxes it skipped; the browser saves the file and the skipped ones get a notice.
 */
export async function downloadSandboxes(teamId: string, sandboxIds: string[]) {
  try {
    const blob = await rest.download(`/api/v1/teams/${encodeURIComponent(teamId)}/sandboxes/zip`, {
      query: { ids: sandboxIds.join(",") },
    });
    const skipped = Number(blob.headers.get(ZIP_SKIPPED_HEADER) ?? 0);
    if (skipped < sandboxIds.length) saveFile(blob.file, blob.fileName ?? "sandboxes.zip");
    if (skipped > 0) toast.info(skippedMessage(skipped));
  } catch (error) {
    toast.error(mutationErrorText(error, SANDBOX_MESSAGES.download));
  }
}

/** The response header of the zip download that counts skipped sandboxes. */
export const ZIP_SKIPPED_HEADER = "x-boxyard-skipped";

function saveFile(file: Blob, name: string) {
  const url = URL.createObjectURL(file);
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
