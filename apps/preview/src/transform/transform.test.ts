import { init } from "es-module-lexer";
import { beforeAll, describe, expect, it } from "vitest";
import { guardLoops } from "./loop-guard.ts";
import { BuildError, compileScript, localImports, rewriteImports } from "./modules.ts";
import { findFile, findPage, normalize } from "./paths.ts";

beforeAll(async () => {
  await init;
});

const lines = (code: string) => code.split("\n").length;

describe("the preview's transformer", () => {
  it("issue 16 / compiles JSX and TypeScript without moving a line, so errors and console calls point at the source's lines", () => {
    const source = [
      'import { useState } from "react";',
      "type Props = { start: number };",
      "export function App({ start }: Props) {",
      "  const [n, setN] = useState<number>(start);",
      "  console.log('line 5');",
      "  return <button onClick={() => setN(n + 1)}>{n}</button>;",
      "}",
    ].join("\n");
    const out = compileScript("src/App.tsx", source, { "package.json": '{"dependencies":{"react":"^19"}}' });
    expect(lines(out)).toBe(lines(source));
    expect(out.split("\n")[4]).toContain("console.log('line 5')");
    expect(out).toContain("react/jsx-runtime");
    expect(out).not.toContain("Props");
    // Preact apps get Preact's JSX.
    expect(
      compileScript("src/a.jsx", "export const a = <b />;", {
        "package.json": '{"dependencies":{"preact":"^10"}}',
      }),
    ).toContain("preact/jsx-runtime");
  });

  it("issue 16 / a syntax error is a build error with the file and the line", () => {
    try {
      compileScript("src/App.jsx", "const a = 1;\nconst b = = 2;\n", {});
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(BuildError);
      expect((error as BuildError).path).toBe("src/App.jsx");
      expect((error as BuildError).line).toBe(2);
    }
  });

  it("issue 16 / guards every kind of loop on its own line, so an infinite loop throws instead of freezing the preview", () => {
    const source = [
      "for (;;) {}",
      "while (true) x++;",
      "do { y++ } while (true)",
      "for (const a of b) for (const c in a) z++;",
      "const s = 'while (true) {}';",
    ].join("\n");
    const out = guardLoops(source, true);
    expect(lines(out)).toBe(lines(source));
    const [l1, l2, l3, l4, l5] = out.split("\n");
    expect(l1).toBe("for (;;) {__boxyardLoop(1);}");
    expect(l2).toBe("while (true) {__boxyardLoop(2);x++;}");
    expect(l3).toBe("do {__boxyardLoop(3); y++ } while (true)");
    expect(l4).toBe("for (const a of b) {__boxyardLoop(4);for (const c in a) {__boxyardLoop(4);z++;}}");
    expect(l5).toBe("const s = 'while (true) {}';");
    // The guard stops a run that lasts too long.
    let calls = 0;
    const stop = new Function("__boxyardLoop", guardLoops("let i = 0; while (true) { i++; }", false)) as (
      guard: () => void,
    ) => void;
    expect(() =>
      stop(() => {
        if (++calls > 10_000) throw new RangeError("Stopped a loop");
      }),
    ).toThrow("Stopped a loop");
  });

  it("issue 16 / points local imports at what the resolver gives and leaves packages to the import map", () => {
    const code = 'import a from "./a.js";\nimport { b } from "react";\nconst c = import("../c.css");\n';
    expect(localImports("src/x.js", code)).toEqual([
      { specifier: "./a.js", line: 1 },
      { specifier: "../c.css", line: 3 },
    ]);
    const out = rewriteImports("src/x.js", code, (specifier) =>
      specifier.startsWith(".") ? `blob:${specifier}` : specifier,
    );
    expect(out).toBe(
      'import a from "blob:./a.js";\nimport { b } from "react";\nconst c = import("blob:../c.css");\n',
    );
  });

  it("issue 16 / finds files as a bundler does and pages as Vite does (index.html at the root or in public/)", () => {
    const files = { "src/App.jsx": "", "src/lib/index.ts": "", "public/index.html": "", "about.html": "" };
    expect(findFile(files, "src/App")).toBe("src/App.jsx");
    expect(findFile(files, "src/lib")).toBe("src/lib/index.ts");
    expect(findPage(files, "")).toBe("public/index.html");
    expect(findPage(files, "about")).toBe("about.html");
    expect(findPage({ "index.html": "" }, "some/route")).toBe("index.html");
    expect(normalize("src/../../etc/passwd")).toBeNull();
  });
});
