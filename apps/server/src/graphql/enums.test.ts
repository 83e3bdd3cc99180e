import { SANDBOX_AUTHORIZATIONS, TEAM_MEMBER_AUTHORIZATIONS, USER_REPO_SORTS } from "@boxyard/domain";
import { GraphQLEnumType } from "graphql";
import { describe, expect, it } from "vitest";
import { schema } from "./schema.ts";

function enumValues(name: string): string[] {
  const type = schema.getType(name);
  if (!(type instanceof GraphQLEnumType)) throw new Error(`${name} is not an enum of the schema`);
  return type.getValues().map((value) => value.name);
}

describe("enumerations of the API", () => {
  it("S1-3.040 / sandbox authorization: COMMENT, NONE, OWNER, READ, WRITE_CODE, WRITE_PROJECT", () => {
    const spec = ["COMMENT", "NONE", "OWNER", "READ", "WRITE_CODE", "WRITE_PROJECT"];
    expect([...SANDBOX_AUTHORIZATIONS].sort()).toEqual(spec);
    expect(enumValues("SandboxAuthorization").sort()).toEqual(spec);
  });

  it("S1-3.041 / team authorization: ADMIN, READ, WRITE", () => {
    const spec = ["ADMIN", "READ", "WRITE"];
    expect([...TEAM_MEMBER_AUTHORIZATIONS].sort()).toEqual(spec);
    expect(enumValues("TeamMemberAuthorization").sort()).toEqual(spec);
  });

  it("S1-3.044 / repository sort: CREATED, FULL_NAME, PUSHED, UPDATED", () => {
    const spec = ["CREATED", "FULL_NAME", "PUSHED", "UPDATED"];
    expect([...USER_REPO_SORTS].sort()).toEqual(spec);
    expect(enumValues("UserRepoSort").sort()).toEqual(spec);
  });
});
