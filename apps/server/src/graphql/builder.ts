import SchemaBuilder from "@pothos/core";
import { GraphQLError, GraphQLScalarType, Kind } from "graphql";
import type { GraphQLContext } from "./context.ts";

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function parseUuid(value: unknown): string {
  if (typeof value !== "string" || !UUID_PATTERN.test(value)) throw new GraphQLError("Expected a UUID.");
  return value.toLowerCase();
}

export const UUID4 = new GraphQLScalarType({
  name: "UUID4",
  description: "A UUID string.",
  serialize: (value) => String(value),
  parseValue: parseUuid,
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING) throw new GraphQLError("Expected a UUID string.");
    return parseUuid(ast.value);
  },
});

export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  DefaultFieldNullability: false;
  Scalars: {
    UUID4: { Input: string; Output: string };
    ID: { Input: string; Output: string };
  };
}>({ defaultFieldNullability: false });

builder.addScalarType("UUID4", UUID4);
builder.queryType({});
builder.mutationType({});
