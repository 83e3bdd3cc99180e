import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ProfileSandbox } from "../../api/rest-types.ts";
import { renderApp } from "../../test/render.tsx";
import { ProfileSandboxCard } from "./ProfileSandboxCard.tsx";

const sandbox = (viewCount: number, likeCount: number): ProfileSandbox => ({
  id: "s1",
  alias: "s1",
  title: "Weather",
  description: null,
  privacy: 0,
  isV2: false,
  draft: false,
  viewCount,
  likeCount,
  forkCount: 0,
  source: { template: "react" },
  updatedAt: new Date().toISOString(),
  insertedAt: new Date().toISOString(),
  removedAt: null,
  author: { username: "ada" },
  collection: { id: "c1", path: "/" },
});

describe("a sandbox on a profile", () => {
  it("S1-3.012 / counts its views and likes in words that agree with the number", () => {
    const { unmount } = renderApp(<ProfileSandboxCard sandbox={sandbox(1, 1)} />);
    const one = screen.getByRole("article", { name: "Weather" });
    expect(within(one).getByText(/views?$/).textContent).toBe("1 view");
    expect(within(one).getByText(/likes?$/).textContent).toBe("1 like");
    unmount();

    renderApp(<ProfileSandboxCard sandbox={sandbox(1200, 0)} />);
    const many = screen.getByRole("article", { name: "Weather" });
    expect(within(many).getByText(/views?$/).textContent).toBe("1.2K views");
    expect(within(many).getByText(/likes?$/).textContent).toBe("0 likes");
  });
});
