import { FileIcon } from "../../../ui/Icon.tsx";
import styles from "./FileExplorer.module.css";

/** A calm colour per kind of file, so a tree can be scanned; the name still says what it is. */
const COLOURS: Record<string, string> = {
  js: "#e8d26b",
  jsx: "#7cc7e8",
  mjs: "#e8d26b",
  cjs: "#e8d26b",
  ts: "#6ea8e8",
  tsx: "#6ea8e8",
  json: "#d9a45b",
  css: "#b59af0",
  scss: "#e08bb5",
  sass: "#e08bb5",
  less: "#b59af0",
  html: "#e8936b",
  md: "#a0a0ab",
  vue: "#5fcf98",
  svelte: "#f07a5b",
  py: "#6ea8e8",
  yml: "#c98bd9",
  yaml: "#c98bd9",
  png: "#5fcf98",
  jpg: "#5fcf98",
  jpeg: "#5fcf98",
  gif: "#5fcf98",
  svg: "#5fcf98",
  webp: "#5fcf98",
  ico: "#5fcf98",
};

export function fileColour(name: string): string | undefined {
  const lower = name.toLowerCase();
  if (lower === "dockerfile") return "#6ea8e8";
  const dot = lower.lastIndexOf(".");
  return dot < 0 ? undefined : COLOURS[lower.slice(dot + 1)];
}

export function FileTypeIcon({ name }: { name: string }) {
  return <FileIcon size={14} className={styles.fileIcon} style={{ color: fileColour(name) }} />;
}
