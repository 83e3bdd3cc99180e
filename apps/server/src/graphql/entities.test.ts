import { getNamedType, isInterfaceType, isObjectType } from "graphql";
import { describe, expect, it } from "vitest";
import { schema } from "./schema.ts";

/** The dotted paths of `paths` that the schema cannot answer from `typeName`. */
function missing(typeName: string, paths: string[]): string[] {
  return paths.filter((path) => {
    let type = schema.getType(typeName);
    for (const name of path.split(".")) {
      if (!(isObjectType(type) || isInterfaceType(type))) return true;
      const field = type.getFields()[name];
      if (!field) return true;
      type = getNamedType(field.type);
    }
    return false;
  });
}

describe("entities of the API (spec 2 §3): every field the client reads is in the schema", () => {
  it("S2-3.002 / Sandbox", () => {
    expect(
      missing("Sandbox", [
        "id",
        "alias",
        "title",
        "description",
        "insertedAt",
        "updatedAt",
        "removedAt",
        "privacy",
        "screenshotUrl",
        "source.template",
        "customTemplate.id",
        "forkedTemplate.id",
        "forkedTemplate.color",
        "teamId",
        "collection.path",
        "collection.teamId",
        "isV2",
        "team.name",
        "forkCount",
        "viewCount",
        "isFrozen",
        "draft",
        "restricted",
        "permissions.preventSandboxLeaving",
        "permissions.preventSandboxExport",
      ]),
    ).toEqual([]);
  });

  it("S2-3.003 / Collection (folder)", () => {
    expect(missing("Collection", ["id", "path", "teamId", "sandboxes.id"])).toEqual([]);
  });

  it("S2-3.004 / Team", () => {
    expect(
      missing("Team", [
        "id",
        "name",
        "inviteToken",
        "description",
        ...["users", "invitees"].flatMap((list) =>
          ["id", "name", "username", "avatarUrl"].map((field) => `${list}.${field}`),
        ),
        "settings.minimumPrivacy",
        "featureFlags.ubbBeta",
        "subscription.status",
        "userAuthorizations.userId",
        "userAuthorizations.teamManager",
        "userAuthorizations.authorization",
      ]),
    ).toEqual([]);
  });

  it("S2-3.007 / Repository: owner login, name, private, authorization", () => {
    expect(missing("GithubRepo", ["owner.login", "name", "private", "authorization"])).toEqual([]);
  });
});
