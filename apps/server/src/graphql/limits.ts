import {
  type DocumentNode,
  type FragmentDefinitionNode,
  GraphQLError,
  type GraphQLSchema,
  Kind,
  parse,
  type SelectionSetNode,
  type ValidationRule,
  validate,
  visit,
} from "graphql";
import { getComplexity } from "graphql-query-complexity";
import { BadRequest } from "../http/request-errors.ts";
import { stringProblem, textProblem } from "../http/text-guard.ts";
import { fieldCostEstimator, LIST_SIZES } from "./list-sizes.ts";

/**
 * What one GraphQL request may ask. The web app's largest operation (a folder's page of 1,000
 * sandboxes) costs about 30,000, is 6 levels deep, uses 1 alias and about 300 tokens (a test
 * checks each of its operations); the limits leave it room and refuse what grows a request's
 * memory or time by orders of magnitude (a list inside a list inside a list).
 */
export const LIMITS = {
  /** Fields answered, a list field counting its page size (list-sizes.ts) times what each item asks. */
  cost: 100_000,
  /** Levels of nested fields. */
  depth: 12,
  /** Aliased fields in the document. */
  aliases: 30,
  /** Tokens the parser reads before it gives up: 150,000 aliases are refused after 5,000 tokens. */
  tokens: 5_000,
  /** Operations in one batched request. */
  batch: 10,
  /** Characters in one string argument or variable. */
  stringLength: 10_000,
} as const;

const format = (n: number) => n.toLocaleString("en-US");

/** How deep the selection goes, through fragments; stops counting once past `max`. */
function selectionDepth(
  selectionSet: SelectionSetNode,
  fragments: Map<string, FragmentDefinitionNode>,
  max: number,
  memo: Map<string, number>,
  visiting: Set<string>,
): number {
  let deepest = 0;
  for (const selection of selectionSet.selections) {
    let depth = 0;
    if (selection.kind === Kind.FIELD) {
      depth =
        1 +
        (selection.selectionSet ? selectionDepth(selection.selectionSet, fragments, max, memo, visiting) : 0);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      depth = selectionDepth(selection.selectionSet, fragments, max, memo, visiting);
    } else {
      const name = selection.name.value;
      const fragment = fragments.get(name);
      // Unknown fragments and cycles are refused by GraphQL's own rules.
      if (!fragment || visiting.has(name)) continue;
      if (!memo.has(name)) {
        visiting.add(name);
        memo.set(name, selectionDepth(fragment.selectionSet, fragments, max, memo, visiting));
        visiting.delete(name);
      }
      depth = memo.get(name)!;
    }
    if (depth > deepest) deepest = depth;
    if (deepest > max) break;
  }
  return deepest;
}

/** Refuses operations nested deeper than `max` levels of fields. */
export function depthRule(max: number): ValidationRule {
  return (context) => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of context.getDocument().definitions)
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    const memo = new Map<string, number>();
    return {
      OperationDefinition(operation) {
        const depth = selectionDepth(operation.selectionSet, fragments, max, memo, new Set());
        if (depth > max)
          context.reportError(
            new GraphQLError(`The query is nested more than the depth limit of ${max} levels.`, {
              nodes: operation,
              extensions: { code: "QUERY_TOO_DEEP", limit: max },
            }),
          );
      },
    };
  };
}

/** Refuses documents with more than `max` aliased fields. */
export function aliasRule(max: number): ValidationRule {
  return (context) => {
    let aliases = 0;
    return {
      Field(field) {
        if (field.alias && ++aliases === max + 1)
          context.reportError(
            new GraphQLError(`The query has more than the limit of ${max} aliases.`, {
              nodes: field,
              extensions: { code: "TOO_MANY_ALIASES", limit: max },
            }),
          );
      },
    };
  };
}

/** Refuses string literals PostgreSQL cannot store (NUL) or that are not text, and overlong ones. */
export function stringLiteralRule(maxLength: number): ValidationRule {
  return (context) => ({
    StringValue(node) {
      const problem =
        stringProblem(node.value) ??
        (node.value.length > maxLength
          ? `A text of the request is longer than ${format(maxLength)} characters.`
          : null);
      if (problem)
        context.reportError(new GraphQLError(problem, { nodes: node, extensions: { code: "BAD_TEXT" } }));
    },
  });
}

/** The validation rules of the limits, run with GraphQL's own on every new document. */
export const limitRules: ValidationRule[] = [
  depthRule(LIMITS.depth),
  aliasRule(LIMITS.aliases),
  stringLiteralRule(LIMITS.stringLength),
];

/** Refuses variables with a NUL character, a lone surrogate or an overlong string. */
export function checkVariables(variables: unknown) {
  const problem = textProblem(variables, LIMITS.stringLength);
  if (problem) throw new BadRequest(problem);
}

/** The query cost of the document's operations (all of them without a name), variables applied. */
export function queryCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables?: Record<string, unknown>,
  operationName?: string,
): number {
  try {
    return getComplexity({
      schema,
      query: document,
      estimators: [fieldCostEstimator],
      ...(variables ? { variables } : {}),
      ...(operationName ? { operationName } : {}),
    });
  } catch (error) {
    throw new BadRequest((error as Error).message);
  }
}

/** The arguments that size a list (`limit`, `perPage`, `sandboxIds`): their variables change the cost. */
const SIZE_ARGUMENTS = new Set(
  Object.values(LIST_SIZES).flatMap((size) =>
    [size.pageArg, size.countArg].filter((name) => name !== undefined),
  ),
);

/** The variables a document passes to size arguments and to @include/@skip. */
function sizeVariables(document: DocumentNode): string[] {
  const names = new Set<string>();
  visit(document, {
    Argument(argument) {
      // `if` of @include and @skip: a skipped field costs nothing.
      const name = argument.name.value;
      if ((SIZE_ARGUMENTS.has(name) || name === "if") && argument.value.kind === Kind.VARIABLE)
        names.add(argument.value.name.value);
    },
  });
  return [...names];
}

/**
 * Costs of the documents mercurius keeps parsed (the same object for the same query), by the
 * values of their size variables: computing a cost takes about a millisecond, and the app's own
 * queries come back with the same page sizes. At most 50 kept per document.
 */
const knownCosts = new WeakMap<DocumentNode, { variables: string[]; costs: Map<string, number> }>();
const COSTS_PER_DOCUMENT = 50;

function cachedCost(schema: GraphQLSchema, document: DocumentNode, variables?: Record<string, unknown>) {
  let known = knownCosts.get(document);
  if (!known) {
    known = { variables: sizeVariables(document), costs: new Map() };
    knownCosts.set(document, known);
  }
  const key = JSON.stringify(
    known.variables.map((name) => {
      const value = variables?.[name];
      return Array.isArray(value) ? { length: value.length } : value;
    }),
  );
  let cost = known.costs.get(key);
  if (cost === undefined) {
    cost = queryCost(schema, document, variables);
    if (known.costs.size < COSTS_PER_DOCUMENT) known.costs.set(key, cost);
  }
  return cost;
}

/**
 * Throws a 400 when the operation costs more than the limit. The document's operations are all
 * counted (mercurius's hook does not say which one runs; the app sends one per document).
 */
export function checkCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables?: Record<string, unknown>,
  operationName?: string,
) {
  const cost = operationName
    ? queryCost(schema, document, variables, operationName)
    : cachedCost(schema, document, variables);
  if (cost > LIMITS.cost)
    throw new BadRequest(
      `The query costs ${format(cost)}, over the cost limit of ${format(LIMITS.cost)} (a list field counts its page size, its \`limit\`, times the fields asked of each item).`,
    );
}

const OPERATION_KEYWORDS = new Set(["query", "mutation", "subscription", "fragment"]);

/**
 * Refuses a source that cannot be a GraphQL operation before it is parsed: mercurius reads a query
 * that fails to parse as a JSON document, and a number or `{"kind": ...}` then crashed validation.
 */
export function checkOperationSource(source: string) {
  let i = 0;
  while (i < source.length) {
    const char = source[i]!;
    if (char === "#") {
      while (i < source.length && source[i] !== "\n" && source[i] !== "\r") i++;
    } else if (
      char === " " ||
      char === "\t" ||
      char === "\n" ||
      char === "\r" ||
      char === "," ||
      char === "\uFEFF"
    )
      i++;
    else break;
  }
  const rest = source.slice(i, i + 16);
  const word = /^[_A-Za-z][_0-9A-Za-z]*/.exec(rest)?.[0];
  const shorthand = rest.startsWith("{") && !/^\{[\s,]*["}]/.test(source.slice(i, i + 256));
  if (!shorthand && !(word && OPERATION_KEYWORDS.has(word)))
    throw new BadRequest(
      i >= source.length ? "The query is empty." : "The query is not a GraphQL operation.",
    );
}

/**
 * Every limit checked for one operation of a batch before any of them runs (mercurius runs a
 * batch's operations side by side): the parser's token limit, depth, aliases, texts, cost.
 */
export function operationLimitErrors(
  schema: GraphQLSchema,
  operation: { query: string; variables?: Record<string, unknown> | null; operationName?: string | null },
): Error[] {
  try {
    checkOperationSource(operation.query);
    const document = parse(operation.query, { maxTokens: LIMITS.tokens });
    const errors = validate(schema, document, limitRules);
    if (errors.length > 0) return [...errors];
    checkVariables(operation.variables);
    checkCost(schema, document, operation.variables ?? undefined, operation.operationName ?? undefined);
    return [];
  } catch (error) {
    return [error as Error];
  }
}
