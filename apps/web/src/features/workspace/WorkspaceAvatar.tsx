import { useState } from "react";
import { type WorkspaceAvatarSize, workspaceAvatarColor, workspaceAvatarPixels } from "./avatarColor.ts";

export function WorkspaceAvatar({
  name,
  avatarUrl,
  size = "small",
}: {
  name: string;
  avatarUrl?: string | null;
  size?: WorkspaceAvatarSize;
}) {
  const pixels = workspaceAvatarPixels(size);
  const style = {
    width: pixels,
    height: pixels,
    borderRadius: pixels > 30 ? 8 : 4,
    flex: "none",
    display: "inline-grid",
    placeItems: "center",
    overflow: "hidden",
    fontSize: Math.round(pixels * 0.46),
    fontWeight: 600,
    color: "#0f0f10",
    background: workspaceAvatarColor(name),
  } as const;
  // An image that cannot be loaded (removed, or not for this viewer) falls back to the letter tile.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (avatarUrl && avatarUrl !== failedUrl) {
    return (
      <span style={style} aria-hidden="true">
        <img
          src={avatarUrl}
          alt=""
          width={pixels}
          height={pixels}
          style={{ objectFit: "cover" }}
          onError={() => setFailedUrl(avatarUrl)}
        />
      </span>
    );
  }
  return (
    <span style={style} aria-hidden="true" data-testid="workspace-avatar">
      {name.trim().slice(0, 1).toUpperCase() || "?"}
    </span>
  );
}
