import { UPLOAD_MAX_BYTES } from "@boxyard/domain";
import { type NewSandboxDirectory, randomId } from "../../../api/queries/sandbox-files.ts";
import type { NewSandboxModule } from "../../../api/rest-types.ts";
import { childrenOf, type FileTreeNode, freeName, shortidOf } from "./names.ts";

/** A dropped file with its path inside what was dropped (`src/App.jsx` when a folder was dropped). */
export type DroppedFile = { path: string; file: File };

async function walk(entry: FileSystemEntry, prefix: string, out: DroppedFile[]) {
  if (entry.isFile) {
    const file = await new Promise<File>((ok, fail) => (entry as FileSystemFileEntry).file(ok, fail));
    out.push({ path: `${prefix}${entry.name}`, file });
    return;
  }
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  // readEntries answers in batches until an empty one.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((ok, fail) => reader.readEntries(ok, fail));
    if (batch.length === 0) break;
    for (const child of batch) await walk(child, `${prefix}${entry.name}/`, out);
  }
}

/** The files of a drop, folders walked; browsers without the entries API give the files alone. */
export async function droppedFiles(data: DataTransfer): Promise<DroppedFile[]> {
  const entries = [...data.items]
    .filter((item) => item.kind === "file")
    .map((item) => item.webkitGetAsEntry?.() ?? null)
    .filter((entry) => entry !== null);
  if (entries.length === 0) return [...data.files].map((file) => ({ path: file.name, file }));
  const out: DroppedFile[] = [];
  for (const entry of entries) await walk(entry, "", out);
  return out;
}

const readAs = (file: Blob, as: "buffer" | "dataUrl") =>
  new Promise<string | ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string | ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    if (as === "buffer") reader.readAsArrayBuffer(file);
    else reader.readAsDataURL(file);
  });

/** Text when it is UTF-8 without NUL bytes; otherwise a binary file kept as a data URL. */
export async function fileContent(file: File): Promise<{ code: string; isBinary: boolean }> {
  const bytes = new Uint8Array((await readAs(file, "buffer")) as ArrayBuffer);
  if (!bytes.subarray(0, 8000).includes(0)) {
    try {
      return { code: new TextDecoder("utf-8", { fatal: true }).decode(bytes), isBinary: false };
    } catch {
      // Not UTF-8: binary.
    }
  }
  return { code: (await readAs(file, "dataUrl")) as string, isBinary: true };
}

export type UploadPlan = {
  modules: NewSandboxModule[];
  directories: NewSandboxDirectory[];
  /** The paths refused for their size (over the 5 MB upload limit). */
  tooLarge: string[];
};

/**
 * What a drop into folder `target` creates: folders of the dropped folders (an existing folder of
 * the same name is used), files under them; a name already taken at the top gets a number.
 */
export async function planUpload(
  files: readonly DroppedFile[],
  target: string | null,
  tree: readonly FileTreeNode[],
): Promise<UploadPlan> {
  const plan: UploadPlan = { modules: [], directories: [], tooLarge: [] };
  const folderIds = new Map<string, string | null>([["", target]]);
  const existing = (parent: string | null, name: string) =>
    childrenOf(tree, parent).find((node) => node.kind === "directory" && node.name === name);
  const folderFor = (dirPath: string): string | null => {
    if (folderIds.has(dirPath)) return folderIds.get(dirPath)!;
    const slash = dirPath.lastIndexOf("/");
    const parent = folderFor(slash < 0 ? "" : dirPath.slice(0, slash));
    const name = dirPath.slice(slash + 1);
    const found = existing(parent, name);
    const shortid = found ? shortidOf(found.id) : randomId(8);
    if (!found) plan.directories.push({ shortid, title: name, directoryShortid: parent });
    folderIds.set(dirPath, shortid);
    return shortid;
  };
  const taken = new Set<string>();
  for (const { path, file } of files) {
    if (file.size > UPLOAD_MAX_BYTES) {
      plan.tooLarge.push(path);
      continue;
    }
    const slash = path.lastIndexOf("/");
    const directoryShortid = folderFor(slash < 0 ? "" : path.slice(0, slash));
    let title = path.slice(slash + 1);
    if (directoryShortid === target) {
      title = freeName(tree, target, title);
      for (let n = 2; taken.has(title); n++) title = freeName(tree, target, `${n}-${path.slice(slash + 1)}`);
      taken.add(title);
    }
    plan.modules.push({ title, directoryShortid, ...(await fileContent(file)) });
  }
  return plan;
}
