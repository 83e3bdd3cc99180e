import { type Transform, transform } from "sucrase";
import { guardLoops } from "./loop-guard.ts";

export type ScriptOptions = {
  /** Where JSX comes from: `react` (React, and Preact through its compat) or `preact`. */
  jsxImportSource: string;
  /** TypeScript syntax (`.ts`, `.tsx`, `<script lang="ts">`). */
  typescript: boolean;
  jsx: boolean;
  /** An ES module (imports allowed) rather than a classic script. */
  module: boolean;
};

/** A syntax error with where it is, in the file's own lines. */
export class BuildError extends Error {
  constructor(
    message: string,
    readonly path: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(message);
  }
}

/**
 * JS, JSX, TS and TSX to browser JavaScript with sucrase: it strips types and compiles JSX without
 * moving a line, so errors and console calls point at the lines the person wrote. Loops get a
 * guard (loop-guard.ts) on the same lines.
 */
export function transformScript(path: string, code: string, options: ScriptOptions): string {
  const transforms: Transform[] = [];
  if (options.typescript) transforms.push("typescript");
  if (options.jsx) transforms.push("jsx");
  let out = code;
  if (transforms.length > 0) {
    try {
      out = transform(code, {
        transforms,
        jsxRuntime: "automatic",
        jsxImportSource: options.jsxImportSource,
        production: true,
        disableESTransforms: true,
        keepUnusedImports: false,
        filePath: path,
      }).code;
    } catch (error) {
      throw syntaxError(path, error);
    }
  }
  return guardLoops(out, options.module);
}

function syntaxError(path: string, error: unknown): BuildError {
  const message = error instanceof Error ? error.message : String(error);
  // sucrase: "Unexpected token (12:5)"; the line and column are the source's.
  const at = /\((\d+):(\d+)\)\s*$/.exec(message);
  const line = at ? Number(at[1]) : undefined;
  const column = at ? Number(at[2]) + 1 : undefined;
  return new BuildError(`${path}: ${message.replace(/^Error transforming [^:]+: /, "")}`, path, line, column);
}
