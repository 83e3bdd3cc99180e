import { describe, expect, it } from "vitest";
import { normalizeOfficialTemplates } from "./templates.ts";

describe("official templates", () => {
  it("S1-7.014 S2-3.001 / reads the raw snake_case fields of every group, once per id, tags in lowercase", () => {
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
            tags: ["React", "frontend", 3],
            author: "Boxyard",
            source_template: "react",
            custom_template: { icon_url: "https://example.com/react.svg", color: "#61dafb" },
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
        tags: ["react", "frontend"],
        color: "#61dafb",
        author: "Boxyard",
        sourceTemplate: "react",
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
        tags: [],
        color: null,
        author: null,
        sourceTemplate: null,
      },
    ]);
  });

  it("S1-7.014 / an empty or unexpected answer gives no templates", () => {
    expect(normalizeOfficialTemplates([])).toEqual([]);
    expect(normalizeOfficialTemplates({ nope: true })).toEqual([]);
  });
});
