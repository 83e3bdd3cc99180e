/** A file of a sandbox by its path ('src/App.jsx'). */
export type PathFile = { path: string; code: string; isBinary?: boolean };

export type FileTreeRows = {
  directories: { shortid: string; title: string; directoryShortid: string | null }[];
  modules: {
    shortid: string;
    title: string;
    code: string;
    directoryShortid: string | null;
    isBinary: boolean;
  }[];
};

/**
 * The directory and module rows of files given by path: one directory per path prefix, each module
 * pointing at its directory's shortid, in file order. `nextId` names each new row.
 */
export function fileTreeRows(
  files: readonly PathFile[],
  nextId: (kind: "directory" | "module") => string,
): FileTreeRows {
  const rows: FileTreeRows = { directories: [], modules: [] };
  const directoryIds = new Map<string, string>(); // 'src/components' → shortid
  for (const file of files) {
    const parts = file.path.split("/").filter(Boolean);
    const title = parts.pop();
    if (!title) continue;
    let parent: string | null = null;
    let prefix = "";
    for (const part of parts) {
      prefix = prefix ? `${prefix}/${part}` : part;
      let id = directoryIds.get(prefix);
      if (!id) {
        id = nextId("directory");
        directoryIds.set(prefix, id);
        rows.directories.push({ shortid: id, title: part, directoryShortid: parent });
      }
      parent = id;
    }
    rows.modules.push({
      shortid: nextId("module"),
      title,
      code: file.code,
      directoryShortid: parent,
      isBinary: file.isBinary ?? false,
    });
  }
  return rows;
}
