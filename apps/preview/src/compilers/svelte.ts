import { compile as compileSvelte } from "svelte/compiler";
import type { CompileResult } from "../protocol.ts";

/** A Svelte component to a module (styles injected by the component), loaded only for apps with .svelte files. */
export function compile(path: string, code: string): CompileResult {
  try {
    const result = compileSvelte(code, { filename: path, generate: "client", css: "injected", dev: false });
    return { code: result.js.code };
  } catch (error) {
    const start = (error as { start?: { line: number; column: number } }).start;
    return {
      error: `${path}: ${(error as Error).message}`,
      line: start?.line,
      column: start ? start.column + 1 : undefined,
    };
  }
}
