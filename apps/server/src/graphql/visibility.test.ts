import { getNamedType, isInterfaceType, isObjectType } from "graphql";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../test/app.ts";
import { type Personas, personas } from "../../test/factories.ts";
import { buildContext } from "./context.ts";
import { schema } from "./schema.ts";
import { isGuarded, REACHED_THROUGH, VISIBILITY } from "./visibility.ts";

/** Every type a field leads to, with the types of the fields that lead there (interfaces: their kinds). */
function parentsOf() {
  const parents = new Map<string, Set<string>>();
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith("__")) continue;
    for (const field of Object.values(type.getFields())) {
      const named = getNamedType(field.type);
      const targets = isInterfaceType(named)
        ? schema.getPossibleTypes(named).map((t) => t.name)
        : isObjectType(named)
          ? [named.name]
          : [];
      for (const target of targets) {
        if (!parents.has(target)) parents.set(target, new Set());
        parents.get(target)!.add(type.name);
      }
    }
  }
  return parents;
}

describe("issue 13 hole 1 / every object authorizes itself (graphql/visibility.ts)", () => {
  it("every field answering a guarded type, relation fields included, passes through its guard (mutations authorize their own payload)", () => {
    const unguarded: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) || type.name.startsWith("__") || type.name === "Mutation") continue;
      for (const field of Object.values(type.getFields())) {
        if (VISIBILITY[getNamedType(field.type).name] && !isGuarded(field))
          unguarded.push(`${type.name}.${field.name}`);
      }
    }
    expect(unguarded).toEqual([]);
    // The relation fields of the examples, by name.
    const fields = (type: string) =>
      (schema.getType(type) as import("graphql").GraphQLObjectType).getFields();
    for (const [type, field] of [
      ["Sandbox", "collection"],
      ["Sandbox", "team"],
      ["Sandbox", "forkedTemplate"],
      ["Collection", "sandboxes"],
      ["Template", "sandbox"],
      ["Project", "team"],
      ["User", "recentlyAccessedSandboxes"],
    ] as const) {
      expect(isGuarded(fields(type)[field]!), `${type}.${field}`).toBe(true);
    }
  });

  it("every object type is either guarded or a detail reached only through the types its row names: a new type or path needs a decision", () => {
    const parents = parentsOf();
    const undecided: string[] = [];
    const strayPaths: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) || type.name.startsWith("__")) continue;
      if (["Query", "Mutation"].includes(type.name) || VISIBILITY[type.name]) continue;
      const declared = REACHED_THROUGH[type.name];
      if (!declared) {
        undecided.push(type.name);
        continue;
      }
      for (const parent of parents.get(type.name) ?? []) {
        if (!declared.includes(parent)) strayPaths.push(`${parent} -> ${type.name}`);
      }
    }
    expect(undecided).toEqual([]);
    expect(strayPaths).toEqual([]);
  });
});

describe("the guards of the types the sandbox tests do not reach", () => {
  let app: TestApp;
  let p: Personas;
  beforeAll(async () => {
    app = await testApp();
    p = await personas(app);
  });
  const ctxOf = (userId: string | null) =>
    buildContext(app.deps, userId ? ({ userId } as Parameters<typeof buildContext>[1]) : null);

  it("Team, Collection, Project: members of their workspace only; User and Notification: the viewer's own", async () => {
    const owned = { id: p.workspaceId, workspaceId: p.workspaceId };
    for (const type of ["Team", "Collection", "Project"]) {
      for (const [who, userId, expected] of [
        ["ADMIN", p.admin.id, true],
        ["READ", p.reader.id, true],
        ["outsider", p.outsider.id, false],
        ["signed out", null, false],
      ] as const) {
        expect(await VISIBILITY[type]!([owned], ctxOf(userId), false), `${type} ${who}`).toEqual([expected]);
      }
    }
    expect(
      await VISIBILITY.User!([{ id: p.reader.id }, { id: p.admin.id }], ctxOf(p.reader.id), true),
    ).toEqual([true, false]);
    expect(await VISIBILITY.Notification!([{ userId: p.admin.id }], ctxOf(p.reader.id), true)).toEqual([
      false,
    ]);
    expect(await VISIBILITY.User!([{ id: p.reader.id }], ctxOf(null), false)).toEqual([false]);
  });

  it("Branch: its repository's workspace members (the repository named by the branch)", async () => {
    const branch = { projectId: "unused", projectRow: { workspaceId: p.workspaceId } };
    expect(await VISIBILITY.Branch!([branch], ctxOf(p.writer.id), false)).toEqual([true]);
    expect(await VISIBILITY.Branch!([branch], ctxOf(p.outsider.id), false)).toEqual([false]);
    // A repository that does not exist belongs to nobody.
    expect(
      await VISIBILITY.Branch!(
        [{ projectId: "00000000-0000-4000-8000-000000000000" }],
        ctxOf(p.writer.id),
        false,
      ),
    ).toEqual([false]);
  });
});
