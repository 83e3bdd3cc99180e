import type { QueryClient } from "@tanstack/react-query";
import { queryOptions } from "@tanstack/react-query";
import { ApiError, networkError } from "../errors.ts";
import { invalidatingMutation, type UiCallbacks } from "../mutation-options.ts";
import { CLIENT_HEADER, rest, unwrapData } from "../rest.ts";
import type { Upload, UploadsInfo } from "../rest-types.ts";

export const uploadKeys = {
  list: ["uploads"] as const,
};

export const uploadsQuery = () =>
  queryOptions({
    queryKey: uploadKeys.list,
    queryFn: ({ signal }) => rest.get<UploadsInfo>("/api/v1/users/current_user/uploads", { signal }),
  });

export function deleteUpload(id: string) {
  return rest.delete<void>(`/api/v1/users/current_user/uploads/${encodeURIComponent(id)}`);
}

/** Sends the file's bytes as the body, its name in the query and its type as Content-Type. */
export async function uploadFile(file: File): Promise<Upload> {
  let response: Response;
  try {
    response = await fetch(`/api/v1/users/current_user/uploads?name=${encodeURIComponent(file.name)}`, {
      method: "POST",
      headers: {
        ...CLIENT_HEADER,
        accept: "application/json",
        "content-type": file.type || "application/octet-stream",
      },
      body: file,
      credentials: "same-origin",
    });
  } catch (cause) {
    throw networkError(cause);
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // A proxy's HTML page: kept as text.
  }
  if (!response.ok)
    throw new ApiError(`Request failed with status code ${response.status}`, {
      status: response.status,
      body,
    });
  return unwrapData(body) as Upload;
}

export const deleteUploadMutation = (queryClient: QueryClient, ui?: UiCallbacks<void, string>) =>
  invalidatingMutation(queryClient, deleteUpload, { keys: () => [uploadKeys.list] }, ui);

export const uploadFileMutation = (queryClient: QueryClient, ui?: UiCallbacks<Upload, File>) =>
  invalidatingMutation(queryClient, uploadFile, { keys: () => [uploadKeys.list] }, ui);
