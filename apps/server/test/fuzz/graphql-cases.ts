/**
 * Cases for one GraphQL mutation, generated from its arguments' types: every argument a variable
 * of its declared type, mostly well-typed values aimed at real objects, sometimes broken ones
 * (missing required arguments, null, values of another type), which GraphQL must refuse with 400.
 */
import fc from "fast-check";
import {
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  getNamedType,
  isCompositeType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
} from "graphql";
import { anyJson, hostileInt, hostileNumber, hostileString, stringFor } from "./values.ts";
import { PERSONAS, type PersonaName, type Pool } from "./world.ts";

export type GraphqlCase = {
  persona: PersonaName;
  /** Without the client marker the request is refused before GraphQL (CSRF door). */
  marker: boolean;
  variables: Record<string, unknown>;
};

/** `mutation Fuzz($a: T!, ...) { field(a: $a, ...) { __typename } }` */
export function mutationText(field: GraphQLField<unknown, unknown>): string {
  const declared = field.args.map((a) => `$${a.name}: ${a.type.toString()}`).join(", ");
  const passed = field.args.map((a) => `${a.name}: $${a.name}`).join(", ");
  const selection = isCompositeType(getNamedType(field.type)) ? " { __typename }" : "";
  return `mutation Fuzz${declared ? `(${declared})` : ""} { ${field.name}${passed ? `(${passed})` : ""}${selection} }`;
}

/** A value of `type`, for a parameter named `name`. */
function generatedValue(type: GraphQLInputType, name: string, pool: Pool, depth = 0): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return generatedValue(type.ofType, name, pool, depth);
  if (isListType(type)) {
    const item = generatedValue(type.ofType, name, pool, depth + 1);
    return fc.oneof(
      { weight: 8, arbitrary: fc.array(item, { maxLength: 4 }) },
      { weight: 1, arbitrary: fc.array(item, { minLength: 50, maxLength: 400 }) },
    );
  }
  if (isEnumType(type)) {
    return fc.oneof(
      { weight: 9, arbitrary: fc.constantFrom(...type.getValues().map((v) => v.name)) },
      { weight: 1, arbitrary: hostileString },
    );
  }
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields());
    const entries = fields.map((f) => {
      const value = generatedValue(f.type, f.name, pool, depth + 1);
      const required = isNonNullType(f.type);
      return fc.option(value, { freq: required ? 20 : 4, nil: undefined }).map((v) => [f.name, v] as const);
    });
    return fc.tuple(...entries).map((pairs) => Object.fromEntries(pairs.filter(([, v]) => v !== undefined)));
  }
  if (isScalarType(type)) {
    switch (type.name) {
      case "Int":
        return hostileInt;
      case "Float":
        return hostileNumber;
      case "Boolean":
        return fc.boolean();
      default: // String, ID, UUID4 and other string scalars
        return stringFor(name, pool);
    }
  }
  return anyJson;
}

type ArgValue = { present: false } | { present: true; value: unknown };

function wellTyped(arg: GraphQLArgument, pool: Pool): fc.Arbitrary<ArgValue> {
  const value = generatedValue(arg.type, arg.name, pool).map((v): ArgValue => ({ present: true, value: v }));
  if (isNonNullType(arg.type)) return value;
  // An optional argument is left out now and then, as clients do.
  return fc.oneof(
    { weight: 4, arbitrary: value },
    { weight: 1, arbitrary: fc.constant<ArgValue>({ present: false }) },
  );
}

function broken(arg: GraphQLArgument, pool: Pool): fc.Arbitrary<ArgValue> {
  return fc.oneof(
    { weight: 4, arbitrary: wellTyped(arg, pool) },
    { weight: 1, arbitrary: fc.constant<ArgValue>({ present: false }) },
    { weight: 1, arbitrary: fc.constant<ArgValue>({ present: true, value: null }) },
    { weight: 2, arbitrary: anyJson.map((v): ArgValue => ({ present: true, value: v })) },
  );
}

/** Every persona, the ones that must be refused most (the outsider most of all). */
export const personaArbitrary: fc.Arbitrary<PersonaName> = fc.oneof(
  ...PERSONAS.map((name) => ({ weight: name === "outsider" ? 3 : 2, arbitrary: fc.constant(name) })),
);

/** Cases for `field`: 85 % well-typed arguments, 15 % broken ones; nearly all with the client marker. */
export function mutationCases(field: GraphQLField<unknown, unknown>, pool: Pool): fc.Arbitrary<GraphqlCase> {
  const args = (kind: typeof wellTyped) =>
    fc.tuple(...field.args.map((a) => kind(a, pool))).map((values) => {
      const variables: Record<string, unknown> = {};
      field.args.forEach((a, i) => {
        const v = values[i]!;
        if (v.present) variables[a.name] = v.value;
      });
      return variables;
    });
  const variables =
    field.args.length === 0
      ? fc.constant({})
      : fc.oneof({ weight: 17, arbitrary: args(wellTyped) }, { weight: 3, arbitrary: args(broken) });
  return fc.record({
    persona: personaArbitrary,
    marker: fc.oneof(
      { weight: 19, arbitrary: fc.constant(true) },
      { weight: 1, arbitrary: fc.constant(false) },
    ),
    variables,
  });
}
