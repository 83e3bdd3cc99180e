import { compileScript, compileStyle, compileTemplate, parse } from "@vue/compiler-sfc";
import type { CompileResult } from "../protocol.ts";

function hashOf(text: string): string {
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = (Math.imul(31, hash) + text.charCodeAt(i)) | 0;
  return (hash >>> 0).toString(16).padStart(8, "0");
}

/** A Vue single-file component to a module (template inlined, scoped styles), loaded only for apps with .vue files. */
export function compile(path: string, code: string): CompileResult {
  const { descriptor, errors } = parse(code, { filename: path, sourceMap: false });
  if (errors.length > 0) {
    const first = errors[0]!;
    const loc = "loc" in first ? first.loc : undefined;
    return { error: `${path}: ${first.message}`, line: loc?.start.line, column: loc?.start.column };
  }
  const id = hashOf(path);
  const scoped = descriptor.styles.some((style) => style.scoped);
  const scopeId = `data-v-${id}`;
  try {
    let js: string;
    if (descriptor.script || descriptor.scriptSetup) {
      const script = compileScript(descriptor, {
        id,
        inlineTemplate: true,
        genDefaultAs: "__sfc__",
        templateOptions: { compilerOptions: scoped ? { scopeId } : {} },
      });
      js = script.content;
      if (!descriptor.scriptSetup && descriptor.template)
        js += templateCode(descriptor, path, id, scoped, scopeId);
    } else {
      js = `const __sfc__ = {};\n${descriptor.template ? templateCode(descriptor, path, id, scoped, scopeId) : ""}`;
    }
    if (scoped) js += `\n__sfc__.__scopeId = ${JSON.stringify(scopeId)};`;
    js += `\n__sfc__.__file = ${JSON.stringify(path)};\nexport default __sfc__;\n`;
    const css = descriptor.styles
      .map((style) => {
        const result = compileStyle({
          source: style.content,
          filename: path,
          id: scopeId,
          scoped: style.scoped,
        });
        if (result.errors.length > 0) throw result.errors[0];
        return result.code;
      })
      .join("\n");
    return css ? { code: js, css } : { code: js };
  } catch (error) {
    const loc = (error as { loc?: { start: { line: number; column: number } } }).loc;
    return {
      error: `${path}: ${(error as Error).message}`,
      line: loc?.start.line,
      column: loc?.start.column,
    };
  }
}

function templateCode(
  descriptor: ReturnType<typeof parse>["descriptor"],
  path: string,
  id: string,
  scoped: boolean,
  scopeId: string,
): string {
  const template = compileTemplate({
    source: descriptor.template!.content,
    filename: path,
    id,
    scoped,
    compilerOptions: scoped ? { scopeId } : {},
  });
  if (template.errors.length > 0) throw new Error(String(template.errors[0]));
  return `\n${template.code.replace(/\bexport function render\b/, "function render")}\n__sfc__.render = render;`;
}
