/** Eight workspace avatar colours (DESIGN.md tokens --avatar-0 … --avatar-7). */
export const WORKSPACE_AVATAR_COLORS = [
  "#6366f1",
  "#0ea5e9",
  "#14b8a6",
  "#22c55e",
  "#eab308",
  "#f97316",
  "#ec4899",
  "#a855f7",
] as const;

/** The colour is chosen by name length modulo 7 from the 8 colours (spec 1 §2). */
export function workspaceAvatarColor(name: string): string {
  return WORKSPACE_AVATAR_COLORS[name.length % 7]!;
}

export type WorkspaceAvatarSize = "small" | "big" | "bigger";

/** 55px for bigger, else 24px (spec 1 §2). */
export function workspaceAvatarPixels(size: WorkspaceAvatarSize): number {
  return size === "bigger" ? 55 : 24;
}
