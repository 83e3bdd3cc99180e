/**
 * The GraphQL operations the web app sends, read from its sources (apps/web/src/api/queries): every
 * `graphql(name, query, ...)` call, its query evaluated from the constants, templates and
 * conditionals that make it (each branch of a conditional gives a variant). A call whose query
 * cannot be read fails the test that uses these, rather than being left out.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

export const WEB_QUERIES_DIR = resolve(
  dirname(fileURLToPath(import.meta.url)),
  "../../../web/src/api/queries",
);

export type WebOperation = { file: string; name: string; query: string };

type Values = string[];

class Unreadable extends Error {}

/** Module-level bindings of a source file: declarations and imports. */
type Module = {
  file: string;
  source: ts.SourceFile;
  declarations: Map<string, ts.Node>;
  imports: Map<string, { from: string; name: string }>;
};

export class WebOperationReader {
  private readonly modules = new Map<string, Module>();

  constructor(private readonly packages: Record<string, Record<string, unknown>>) {}

  /** Every operation of the queries directory's files (tests left out). */
  read(dir = WEB_QUERIES_DIR): WebOperation[] {
    const operations: WebOperation[] = [];
    for (const name of readdirSync(dir).sort()) {
      if (!name.endsWith(".ts") || name.endsWith(".test.ts")) continue;
      const module = this.module(join(dir, name));
      const visit = (node: ts.Node) => {
        if (
          ts.isCallExpression(node) &&
          ts.isIdentifier(node.expression) &&
          node.expression.text === "graphql" &&
          node.arguments.length >= 2
        ) {
          const names = this.evaluate(node.arguments[0]!, module);
          const queries = this.evaluate(node.arguments[1]!, module);
          queries.forEach((query, i) => {
            operations.push({ file: name, name: names[Math.min(i, names.length - 1)]!, query });
          });
        }
        ts.forEachChild(node, visit);
      };
      visit(module.source);
    }
    return operations;
  }

  private module(file: string): Module {
    const known = this.modules.get(file);
    if (known) return known;
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.ES2022, true);
    const declarations = new Map<string, ts.Node>();
    const imports = new Map<string, { from: string; name: string }>();
    for (const statement of source.statements) {
      if (ts.isVariableStatement(statement)) {
        for (const d of statement.declarationList.declarations)
          if (ts.isIdentifier(d.name)) declarations.set(d.name.text, d);
      } else if (ts.isFunctionDeclaration(statement) && statement.name) {
        declarations.set(statement.name.text, statement);
      } else if (ts.isImportDeclaration(statement) && statement.importClause?.namedBindings) {
        const bindings = statement.importClause.namedBindings;
        const from = (statement.moduleSpecifier as ts.StringLiteral).text;
        if (ts.isNamedImports(bindings))
          for (const element of bindings.elements)
            imports.set(element.name.text, {
              from: from.startsWith(".") ? resolve(dirname(file), from) : from,
              name: (element.propertyName ?? element.name).text,
            });
      }
    }
    const module = { file, source, declarations, imports };
    this.modules.set(file, module);
    return module;
  }

  /** The binding of `name` seen from `at`: a local declaration or parameter, else the module's. */
  private lookup(name: string, at: ts.Node, module: Module): { node: ts.Node; module: Module } | undefined {
    for (let scope: ts.Node | undefined = at.parent; scope; scope = scope.parent) {
      if (ts.isBlock(scope)) {
        for (const statement of scope.statements)
          if (ts.isVariableStatement(statement))
            for (const d of statement.declarationList.declarations)
              if (ts.isIdentifier(d.name) && d.name.text === name) return { node: d, module };
      }
      if (ts.isFunctionLike(scope))
        for (const parameter of scope.parameters)
          if (ts.isIdentifier(parameter.name) && parameter.name.text === name)
            return { node: parameter, module };
    }
    const declared = module.declarations.get(name);
    if (declared) return { node: declared, module };
    const imported = module.imports.get(name);
    if (imported?.from.startsWith("/")) {
      const other = this.module(imported.from);
      const node = other.declarations.get(imported.name);
      if (node) return { node, module: other };
    }
    return undefined;
  }

  /** The value of a package's export (constants such as page sizes). */
  private packageValue(name: string, module: Module): unknown {
    const imported = module.imports.get(name);
    if (!imported || imported.from.startsWith("/")) return undefined;
    return this.packages[imported.from]?.[imported.name];
  }

  /** Every string the expression can be. */
  evaluate(expression: ts.Expression, module: Module): Values {
    if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression))
      return [expression.text];
    if (ts.isNumericLiteral(expression)) return [String(Number(expression.text))];
    if (ts.isParenthesizedExpression(expression) || ts.isAsExpression(expression))
      return this.evaluate(expression.expression, module);
    if (ts.isConditionalExpression(expression))
      return [...this.evaluate(expression.whenTrue, module), ...this.evaluate(expression.whenFalse, module)];
    if (ts.isTemplateExpression(expression)) {
      let values = [expression.head.text];
      for (const span of expression.templateSpans) {
        const parts = this.evaluate(span.expression, module);
        values = values.flatMap((value) => parts.map((part) => value + part + span.literal.text));
      }
      return values;
    }
    if (ts.isBinaryExpression(expression) && expression.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      const left = this.evaluate(expression.left, module);
      const right = this.evaluate(expression.right, module);
      return left.flatMap((l) => right.map((r) => l + r));
    }
    if (ts.isIdentifier(expression)) return this.identifier(expression, module);
    if (ts.isCallExpression(expression) && ts.isIdentifier(expression.expression)) {
      const bound = this.lookup(expression.expression.text, expression, module);
      const fn = bound && ts.isVariableDeclaration(bound.node) ? bound.node.initializer : bound?.node;
      if (fn && (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && !ts.isBlock(fn.body))
        return this.evaluate(fn.body, bound!.module);
    }
    return [this.run(expression, module)];
  }

  private identifier(identifier: ts.Identifier, module: Module): Values {
    const bound = this.lookup(identifier.text, identifier, module);
    if (bound && ts.isVariableDeclaration(bound.node) && bound.node.initializer)
      return this.evaluate(bound.node.initializer, bound.module);
    if (bound && ts.isParameter(bound.node)) {
      // A parameter typed as a union of string literals ("usage" | "convert") takes each.
      const type = bound.node.type;
      if (type && ts.isUnionTypeNode(type) && type.types.every((t) => ts.isLiteralTypeNode(t)))
        return type.types.map((t) => ((t as ts.LiteralTypeNode).literal as ts.StringLiteral).text);
    }
    const value = this.packageValue(identifier.text, module);
    if (typeof value === "string" || typeof value === "number") return [String(value)];
    throw new Unreadable(`${module.file}: cannot read \`${identifier.text}\``);
  }

  /**
   * Anything else (`FIELDS.split(" ").map(...).join(", ")`) runs as JavaScript, its free names
   * bound to their (single) values.
   */
  private run(expression: ts.Expression, module: Module): string {
    const bindings = new Map<string, string>();
    const collect = (node: ts.Node) => {
      if (
        ts.isIdentifier(node) &&
        !(ts.isPropertyAccessExpression(node.parent) && node.parent.name === node)
      ) {
        const bound = this.lookup(node.text, node, module);
        if (bound && ts.isVariableDeclaration(bound.node) && bound.node.initializer) {
          const values = this.evaluate(bound.node.initializer, bound.module);
          if (values.length !== 1)
            throw new Unreadable(`${module.file}: \`${node.text}\` has several values`);
          bindings.set(node.text, values[0]!);
        }
      }
      ts.forEachChild(node, collect);
    };
    collect(expression);
    const js = ts
      .transpile(`(${expression.getText()})`, { target: ts.ScriptTarget.ES2022 })
      .trim()
      .replace(/;$/, "");
    const value = new Function(...bindings.keys(), `return ${js};`)(...bindings.values()) as unknown;
    if (typeof value !== "string")
      throw new Unreadable(`${module.file}: \`${expression.getText()}\` is not a string`);
    return value;
  }
}
