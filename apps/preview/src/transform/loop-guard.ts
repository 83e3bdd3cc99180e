import { parse } from "acorn";
import { simple } from "acorn-walk";

/** The global the runtime client defines: it throws when one synchronous run of loops lasts too long. */
export const LOOP_GUARD = "__boxyardLoop";

type Loop = {
  type: string;
  body: { type: string; start: number; end: number };
  loc?: { start: { line: number } };
};

/**
 * Inserts a guard call at the start of every loop's body, on the same line, so an infinite loop
 * in user code throws (and shows in the overlay) instead of freezing the preview, and line
 * numbers stay those of the source. Code that does not parse is returned as it is: the browser
 * reports its syntax error.
 */
export function guardLoops(code: string, module: boolean): string {
  let ast: ReturnType<typeof parse>;
  try {
    ast = parse(code, {
      ecmaVersion: "latest",
      sourceType: module ? "module" : "script",
      locations: true,
      allowHashBang: true,
      allowAwaitOutsideFunction: true,
      allowReturnOutsideFunction: !module,
    });
  } catch {
    return code;
  }
  const inserts: { at: number; text: string }[] = [];
  const visit = (node: unknown) => {
    const loop = node as Loop;
    const line = loop.loc?.start.line ?? 0;
    const call = `${LOOP_GUARD}(${line});`;
    if (loop.body.type === "BlockStatement") {
      inserts.push({ at: loop.body.start + 1, text: call });
    } else {
      inserts.push({ at: loop.body.start, text: `{${call}` });
      inserts.push({ at: loop.body.end, text: "}" });
    }
  };
  simple(ast, {
    ForStatement: visit,
    ForInStatement: visit,
    ForOfStatement: visit,
    WhileStatement: visit,
    DoWhileStatement: visit,
  });
  if (inserts.length === 0) return code;
  inserts.sort((a, b) => b.at - a.at);
  let out = code;
  for (const { at, text } of inserts) out = out.slice(0, at) + text + out.slice(at);
  return out;
}
