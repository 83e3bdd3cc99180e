import { UPLOAD_MAX_BYTES } from "@boxyard/domain";
import { describe, expect, it } from "vitest";
import { buildFileTree } from "../../file-tree/fileTree.ts";
import { fileModule } from "../testing.ts";
import type { FileTreeNode } from "./names.ts";
import { fileContent, planUpload } from "./upload.ts";

const tree = buildFileTree(
  [{ shortid: "src", title: "src", directoryShortid: null }],
  [fileModule("m1", "index.js", "x"), fileModule("m2", "App.jsx", "y", { directoryShortid: "src" })],
) as FileTreeNode[];

const file = (name: string, body: BlobPart, type = "") => new File([body], name, { type });

describe("uploads", () => {
  it("text files are kept as text, others as a data URL", async () => {
    expect(await fileContent(file("a.txt", "héllo"))).toEqual({ code: "héllo", isBinary: false });
    const png = await fileContent(file("a.png", new Uint8Array([137, 80, 78, 71, 0, 1, 2]), "image/png"));
    expect(png.isBinary).toBe(true);
    expect(png.code).toMatch(/^data:image\/png;base64,/);
  });

  it("S2-9.017 / files over 5 MB are refused; a dropped folder becomes folders (an existing one is reused); a taken name gets a number", async () => {
    const big = { path: "huge.bin", file: { size: UPLOAD_MAX_BYTES + 1 } as File };
    const plan = await planUpload(
      [
        big,
        { path: "index.js", file: file("index.js", "new") },
        { path: "src/util.js", file: file("util.js", "u") },
        { path: "assets/icons/a.svg", file: file("a.svg", "<svg/>") },
      ],
      null,
      tree,
    );
    expect(plan.tooLarge).toEqual(["huge.bin"]);
    expect(plan.modules.map((m) => [m.title, m.directoryShortid])).toEqual([
      ["index 2.js", null],
      ["util.js", "src"],
      ["a.svg", plan.directories[1]!.shortid],
    ]);
    expect(plan.directories).toEqual([
      { shortid: expect.stringMatching(/^[A-Za-z0-9]{8}$/), title: "assets", directoryShortid: null },
      { shortid: expect.any(String), title: "icons", directoryShortid: plan.directories[0]!.shortid },
    ]);
  });
});
