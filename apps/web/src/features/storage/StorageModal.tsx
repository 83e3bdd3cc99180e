import { MESSAGES } from "@boxyard/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { getErrorMessage } from "../../api/errors.ts";
import { deleteUploadMutation, uploadFileMutation, uploadsQuery } from "../../api/queries/uploads.ts";
import { Button } from "../../ui/Button.tsx";
import { TrashIcon } from "../../ui/Icon.tsx";
import { Modal } from "../../ui/Modal.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { toast } from "../../ui/toastStore.ts";
import type { ModalComponentProps } from "../modals/types.ts";

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** Storage management (spec 2 §2.1, width 800): the user's uploaded files. */
export function StorageModal({ open, close }: ModalComponentProps) {
  const queryClient = useQueryClient();
  const uploads = useQuery({ ...uploadsQuery(), enabled: open });
  const remove = useMutation(
    deleteUploadMutation(queryClient, { onError: () => toast.error(MESSAGES.uploadDeleteFailed) }),
  );
  const input = useRef<HTMLInputElement>(null);
  const upload = useMutation(
    uploadFileMutation(queryClient, {
      // 413 reads 'File too large, upload limit is 5MB.' (spec 1 §8).
      onError: (error) => toast.error(getErrorMessage(error)),
    }),
  );
  const pick = (files: FileList | null) => {
    const file = files?.[0];
    if (file) upload.mutate(file);
    if (input.current) input.current.value = "";
  };

  return (
    <Modal open={open} onOpenChange={(next) => !next && close()} title="Storage" width={800}>
      {uploads.isPending ? (
        <div style={{ display: "grid", gap: 8 }}>
          <Skeleton height={20} width="40%" />
          <Skeleton height={40} />
          <Skeleton height={40} />
        </div>
      ) : uploads.isError ? (
        <p role="alert" style={{ color: "var(--color-danger)" }}>
          {MESSAGES.uploadsLoadFailed}
        </p>
      ) : (
        <div style={{ display: "grid", gap: 12 }}>
          <div style={{ display: "flex", alignItems: "center", gap: 12 }}>
            <p style={{ color: "var(--color-text-secondary)", flex: 1 }}>
              {formatBytes(uploads.data.currentSize)} / {formatBytes(uploads.data.maxSize)} used
            </p>
            <input
              ref={input}
              type="file"
              className="visually-hidden"
              aria-label="File to upload"
              tabIndex={-1}
              onChange={(event) => pick(event.target.files)}
            />
            <Button
              variant="primary"
              size="sm"
              loading={upload.isPending}
              onClick={() => input.current?.click()}
            >
              Upload a file
            </Button>
          </div>
          <meter
            min={0}
            max={uploads.data.maxSize || 1}
            value={uploads.data.currentSize}
            style={{ width: "100%" }}
            aria-label="Storage used"
          />
          {uploads.data.uploads.length === 0 ? (
            <p style={{ color: "var(--color-text-muted)" }}>
              You haven't uploaded any files. Files of up to 5MB can be used in your sandboxes by their
              address.
            </p>
          ) : (
            <ul style={{ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 4 }}>
              {uploads.data.uploads.map((upload) => (
                <li
                  key={upload.id}
                  style={{
                    display: "flex",
                    alignItems: "center",
                    gap: 12,
                    padding: "6px 8px",
                    border: "1px solid var(--color-border)",
                    borderRadius: 4,
                  }}
                >
                  <a
                    href={upload.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    style={{ flex: 1, minWidth: 0 }}
                  >
                    {upload.name}
                  </a>
                  <span style={{ color: "var(--color-text-muted)" }}>{formatBytes(upload.objectSize)}</span>
                  <Button
                    size="sm"
                    variant="ghost"
                    iconOnly
                    aria-label={`Delete ${upload.name}`}
                    loading={remove.isPending && remove.variables === upload.id}
                    onClick={() => remove.mutate(upload.id)}
                  >
                    <TrashIcon size={14} />
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Modal>
  );
}
