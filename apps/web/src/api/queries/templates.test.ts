import { describe, expect, it } from "vitest";
import { normalizeOfficialTemplates } from "./templates.ts";

describe("official templates", () => {
  it("S1-7.014 / reads the raw snake_case fields of every group, once per id", () => {
    const answer = [
      {
        sandboxes: [
          {
            id: "react",
            title: "React",
            alias: "react",
            description: "React starter",
            v2: false,
            fork_count: 12,
            view_count: 340,
            environment: "create-react-app",
            custom_template: { icon_url: "https://example.com/react.svg" },
          },
        ],
      },
      { sandboxes: [{ id: "react" }, { id: "node", title: null, alias: "node-server", v2: true }] },
    ];
    expect(normalizeOfficialTemplates(answer)).toEqual([
      {
        id: "react",
        title: "React",
        alias: "react",
        description: "React starter",
        forkCount: 12,
        viewCount: 340,
        iconUrl: "https://example.com/react.svg",
        environment: "create-react-app",
        isV2: false,
      },
      {
        id: "node",
        title: "node-server",
        alias: "node-server",
        description: null,
        forkCount: 0,
        viewCount: 0,
        iconUrl: null,
        environment: null,
        isV2: true,
      },
    ]);
  });

  it("S1-7.014 / an empty or unexpected answer gives no templates", () => {
    expect(normalizeOfficialTemplates([])).toEqual([]);
    expect(normalizeOfficialTemplates({ nope: true })).toEqual([]);
  });
});
