import { queryOptions } from "@tanstack/react-query";
import { rest } from "../rest.ts";
import type { UploadsInfo } from "../types.ts";

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
