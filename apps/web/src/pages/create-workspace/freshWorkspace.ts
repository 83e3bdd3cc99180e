import { readStored, type StoredValue, writeStored } from "../../features/session/storage.ts";

/** The workspace the create-workspace flow made, kept so that dismissing the flow can delete it (spec 2 §3). */
const FRESH_WORKSPACE: StoredValue<string | null> = {
  key: "boxyard:fresh-workspace",
  fallback: null,
  parse: (raw) => (raw.trim() === "" ? undefined : raw),
  serialize: (id) => id ?? "",
};

export function getFreshWorkspaceId(): string | null {
  return readStored(FRESH_WORKSPACE);
}

export function setFreshWorkspaceId(id: string | null) {
  writeStored(FRESH_WORKSPACE, id);
}
