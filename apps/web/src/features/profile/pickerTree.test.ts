import { describe, expect, it } from "vitest";
import { pickerTree, sandboxesIn } from "./pickerTree.ts";

const s = (id: string, path: string | null) => ({ id, collection: path ? { id: `c-${path}`, path } : null });

describe("the profile sandbox picker's folders", () => {
  it("S2-2.029 / a tree rooted at 'All Sandboxes' with the folders (and their parents) the sandboxes are in", () => {
    const tree = pickerTree([s("a", "/Work/Demos"), s("b", "/Play"), s("c", "/"), s("d", null)]);
    expect(tree.name).toBe("All Sandboxes");
    expect(tree.children.map((c) => c.name)).toEqual(["Play", "Work"]);
    expect(tree.children[1]!.children.map((c) => c.path)).toEqual(["/Work/Demos"]);
  });

  it("S2-2.029 / the root shows every sandbox, a folder only those directly in it", () => {
    const list = [s("a", "/Work/Demos"), s("b", "/Work"), s("c", null)];
    expect(sandboxesIn(list, "/").map((x) => x.id)).toEqual(["a", "b", "c"]);
    expect(sandboxesIn(list, "/Work").map((x) => x.id)).toEqual(["b"]);
    expect(sandboxesIn(list, "/Nowhere")).toEqual([]);
  });
});
