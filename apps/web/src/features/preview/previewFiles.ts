import { isShownNotEdited } from "../editor/BinaryView.tsx";

type EditorFile = {
  path: string;
  name: string;
  module: { shortid: string; code: string; isBinary: boolean };
};

/**
 * The files the preview gets, by path: each text file as it is typed (unsaved drafts included),
 * and binary files whose content is a data URL or an upload's address (the preview serves them).
 */
export function previewFilesOf(
  files: readonly EditorFile[],
  textOf: (shortid: string) => string | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const file of files) {
    if (isShownNotEdited(file.name, file.module.isBinary)) {
      const code = file.module.code;
      if (/^(data:|https?:\/\/)/.test(code)) out[file.path] = code;
      continue;
    }
    out[file.path] = textOf(file.module.shortid) ?? file.module.code;
  }
  return out;
}
