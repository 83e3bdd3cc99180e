import { DASHBOARD_MESSAGES, FILE_CODE_MAX_BYTES, FILE_MESSAGES, MESSAGES } from "@boxyard/domain";
import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/app.ts";
import { gql, type Personas, personas, setFrozen, signUp, type TestUser } from "../../../test/factories.ts";
import {
  sandboxCollaborators,
  sandboxDirectories,
  sandboxes,
  sandboxModules,
  searchVersions,
} from "../../db/schema/index.ts";
import { call, type MakeOptions, makeSandbox, sandboxRow } from "./testing.ts";

let app: TestApp;
let p: Personas;
beforeAll(async () => {
  app = await testApp();
  p = await personas(app);
});

const make = (options: MakeOptions = {}) => makeSandbox(app, p.workspaceId, p.writer.id, options);

/** Everything a file command may change: the sandbox's row, its files and its folders. */
async function state(sandboxId: string) {
  const modules = await app.deps.db
    .select()
    .from(sandboxModules)
    .where(eq(sandboxModules.sandboxId, sandboxId))
    .orderBy(asc(sandboxModules.shortid));
  const directories = await app.deps.db
    .select()
    .from(sandboxDirectories)
    .where(eq(sandboxDirectories.sandboxId, sandboxId))
    .orderBy(asc(sandboxDirectories.shortid));
  return { sandbox: await sandboxRow(app, sandboxId), modules, directories };
}

async function moduleNamed(sandboxId: string, title: string) {
  const [row] = await app.deps.db
    .select()
    .from(sandboxModules)
    .where(and(eq(sandboxModules.sandboxId, sandboxId), eq(sandboxModules.title, title)));
  return row!;
}

async function folderNamed(sandboxId: string, title: string) {
  const [row] = await app.deps.db
    .select()
    .from(sandboxDirectories)
    .where(and(eq(sandboxDirectories.sandboxId, sandboxId), eq(sandboxDirectories.title, title)));
  return row!;
}

const url = (id: string, rest = "") => `/api/v1/sandboxes/${id}/modules${rest}`;

describe("the file API: each operation (issue 15)", () => {
  it("GET the sandbox gives every file its version; GET .../modules and .../modules/:shortid read them without counting a view", async () => {
    const id = await make({ privacy: 0 });
    const view = (await call(app, p.admin, "GET", `/api/v1/sandboxes/${id}`)).json();
    expect(view.modules.map((m: { version: number }) => m.version)).toEqual([1, 1, 1]);
    const before = (await sandboxRow(app, id))!.viewCount;

    const all = await call(app, null, "GET", url(id));
    expect(all.statusCode).toBe(200);
    expect(all.json().modules.map((m: { title: string }) => m.title)).toEqual([
      "App.js",
      "index.js",
      "package.json",
    ]);
    expect(all.json().directories.map((d: { title: string }) => d.title)).toEqual(["components", "src"]);

    const index = await moduleNamed(id, "index.js");
    const one = await call(app, p.outsider, "GET", url(id, `/${index.shortid}`));
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({
      module: {
        shortid: index.shortid,
        title: "index.js",
        directoryShortid: index.directoryShortid,
        isBinary: false,
        code: "console.log(1)",
        version: 1,
        updatedAt: index.updatedAt.toISOString(),
      },
    });
    expect((await sandboxRow(app, id))!.viewCount).toBe(before);
    expect((await call(app, null, "GET", url(id, "/nosuch"))).json()).toEqual({
      errors: { detail: [FILE_MESSAGES.fileNotFound] },
    });
  });

  it("POST .../modules makes a file (at the root, or in a folder) at version 1", async () => {
    const id = await make();
    const src = await folderNamed(id, "src");
    const root = await call(app, p.writer, "POST", url(id), { module: { title: "README.md", code: "# Hi" } });
    expect(root.statusCode).toBe(200);
    expect(root.json().module).toMatchObject({
      title: "README.md",
      code: "# Hi",
      directoryShortid: null,
      isBinary: false,
      version: 1,
    });
    const inside = await call(app, p.admin, "POST", url(id), {
      module: { title: "util.js", directory_shortid: src.shortid },
    });
    expect(inside.json().module).toMatchObject({ directoryShortid: src.shortid, code: "" });
    const image = await call(app, p.admin, "POST", url(id), {
      module: { title: "logo.png", code: "data:image/png;base64,iVBORw0KGgo=", is_binary: true },
    });
    expect(image.json().module).toMatchObject({ isBinary: true });
    expect((await state(id)).modules).toHaveLength(6);
  });

  it("POST .../modules/mcreate makes folders (with the client's shortids) and files in them, in one request", async () => {
    const id = await make();
    const response = await call(app, p.writer, "POST", url(id, "/mcreate"), {
      directories: [
        { shortid: "pub2", title: "icons", directory_shortid: "pub1" },
        { shortid: "pub1", title: "public", directory_shortid: null },
      ],
      modules: [
        { title: "index.html", directory_shortid: "pub1", code: "<html></html>" },
        { title: "a.svg", directory_shortid: "pub2", code: "<svg/>" },
      ],
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.directories).toEqual(
      expect.arrayContaining([
        { shortid: "pub1", title: "public", directoryShortid: null },
        { shortid: "pub2", title: "icons", directoryShortid: "pub1" },
      ]),
    );
    expect(body.modules.map((m: { title: string; version: number }) => [m.title, m.version])).toEqual([
      ["index.html", 1],
      ["a.svg", 1],
    ]);
    expect((await moduleNamed(id, "a.svg")).directoryShortid).toBe("pub2");
  });

  it("PUT .../modules/:shortid saves code based on a version, renames and moves; each change is a new version", async () => {
    const id = await make();
    const index = await moduleNamed(id, "index.js");
    const saved = await call(app, p.writer, "PUT", url(id, `/${index.shortid}`), {
      module: { code: "console.log(2)" },
      base_version: 1,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().module).toMatchObject({ code: "console.log(2)", version: 2 });
    const components = await folderNamed(id, "components");
    const moved = await call(app, p.admin, "PUT", url(id, `/${index.shortid}`), {
      module: { title: "main.js", directory_shortid: components.shortid },
      base_version: 2,
    });
    expect(moved.json().module).toMatchObject({
      title: "main.js",
      directoryShortid: components.shortid,
      code: "console.log(2)",
      version: 3,
    });
    const toRoot = await call(app, p.admin, "PUT", url(id, `/${index.shortid}`), {
      module: { directory_shortid: null },
      base_version: 3,
    });
    expect(toRoot.json().module).toMatchObject({ directoryShortid: null, version: 4 });
  });

  it("PUT .../modules/mupdate saves several files at once", async () => {
    const id = await make();
    const index = await moduleNamed(id, "index.js");
    const pkg = await moduleNamed(id, "package.json");
    const response = await call(app, p.writer, "PUT", url(id, "/mupdate"), {
      modules: [
        { shortid: pkg.shortid, code: '{"name": "x"}', base_version: 1 },
        { shortid: index.shortid, code: "1", title: "start.js", base_version: 1 },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(
      response.json().modules.map((m: { title: string; version: number }) => [m.title, m.version]),
    ).toEqual([
      ["package.json", 2],
      ["start.js", 2],
    ]);
  });

  it("DELETE .../modules/:shortid and POST .../modules/mdelete delete files, and folders with all they hold", async () => {
    const id = await make();
    const pkg = await moduleNamed(id, "package.json");
    expect((await call(app, p.writer, "DELETE", url(id, `/${pkg.shortid}`))).statusCode).toBe(204);
    expect((await call(app, p.writer, "GET", url(id, `/${pkg.shortid}`))).statusCode).toBe(404);
    const src = await folderNamed(id, "src");
    const gone = await call(app, p.writer, "POST", url(id, "/mdelete"), {
      directory_shortids: [src.shortid],
    });
    expect(gone.statusCode).toBe(204);
    expect(await state(id)).toMatchObject({ modules: [], directories: [] });
  });

  it("POST, PUT and DELETE .../directories make, rename, move and delete folders (recursively)", async () => {
    const id = await make();
    const made = await call(app, p.writer, "POST", `/api/v1/sandboxes/${id}/directories`, {
      directory: { title: "lib", directory_shortid: null },
    });
    expect(made.statusCode).toBe(200);
    const lib = made.json().directory;
    expect(lib).toMatchObject({ title: "lib", directoryShortid: null });
    const src = await folderNamed(id, "src");
    const moved = await call(app, p.writer, "PUT", `/api/v1/sandboxes/${id}/directories/${src.shortid}`, {
      directory: { title: "source", directory_shortid: lib.shortid },
    });
    expect(moved.json().directory).toEqual({
      shortid: src.shortid,
      title: "source",
      directoryShortid: lib.shortid,
    });
    const deleted = await call(app, p.writer, "DELETE", `/api/v1/sandboxes/${id}/directories/${lib.shortid}`);
    expect(deleted.statusCode).toBe(204);
    const left = await state(id);
    expect(left.directories).toEqual([]);
    expect(left.modules.map((m) => m.title)).toEqual(["package.json"]);
  });
});

describe("the file API: bad input changes nothing (issue 15)", () => {
  /** Runs a request against a fresh sandbox; a refusal leaves its row, files and folders as they were. */
  async function refused(
    request: (id: string) => Promise<{ statusCode: number; json(): unknown }>,
    options: MakeOptions = {},
  ) {
    const id = await make(options);
    const before = await state(id);
    const response = await request(id);
    expect(await state(id)).toEqual(before);
    return { status: response.statusCode, body: response.json() as { errors: Record<string, string[]> } };
  }
  const detail = (body: { errors: Record<string, string[]> }) => Object.values(body.errors)[0]![0];

  it.each([
    ["a path with '..'", "../escape.js", FILE_MESSAGES.nameWithSlash("../escape.js")],
    ["'..' itself", "..", FILE_MESSAGES.nameDots],
    ["an absolute path", "/etc/passwd", FILE_MESSAGES.nameWithSlash("/etc/passwd")],
    ["a nested path", "src/new.js", FILE_MESSAGES.nameWithSlash("src/new.js")],
    ["an empty name", "", FILE_MESSAGES.nameRequired],
    ["a control character", "a\tb.js", FILE_MESSAGES.nameControl],
  ])("%s as a name is refused (422)", async (_, title, message) => {
    const { status, body } = await refused((id) =>
      call(app, p.writer, "POST", url(id), { module: { title, code: "" } }),
    );
    expect([status, detail(body)]).toEqual([422, message]);
    const folder = await refused((id) =>
      call(app, p.writer, "POST", `/api/v1/sandboxes/${id}/directories`, { directory: { title } }),
    );
    expect(folder.status).toBe(422);
  });

  it("a NUL byte in a name or in code is refused (400 at the REST door, an error in GraphQL)", async () => {
    const title = await refused((id) =>
      call(app, p.writer, "POST", url(id), { module: { title: "a\u0000.js", code: "" } }),
    );
    expect(title.status).toBe(400);
    const id = await make();
    const index = await moduleNamed(id, "index.js");
    const before = await state(id);
    const code = await call(app, p.writer, "PUT", url(id, `/${index.shortid}`), {
      module: { code: "x\u0000y" },
      base_version: 1,
    });
    expect(code.statusCode).toBe(400);
    const viaGraphql = await gql(
      app,
      p.writer,
      "mutation($id: ID!, $m: [ModuleChangeInput!]!) { updateModules(sandboxId: $id, modules: $m) { version } }",
      { id, m: [{ shortid: index.shortid, code: "x\u0000y", baseVersion: 1 }] },
    );
    expect(viaGraphql.errors).toHaveLength(1);
    expect(await state(id)).toEqual(before);
  });

  it("a duplicate name in a folder is refused (409): a new file, a new folder, a rename, a move, two in one request", async () => {
    const conflictWith = (name: string) => [409, FILE_MESSAGES.nameTaken(name)];
    const file = await refused((id) =>
      call(app, p.writer, "POST", url(id), { module: { title: "package.json" } }),
    );
    expect([file.status, detail(file.body)]).toEqual(conflictWith("package.json"));
    const folder = await refused((id) =>
      call(app, p.writer, "POST", `/api/v1/sandboxes/${id}/directories`, { directory: { title: "src" } }),
    );
    expect([folder.status, detail(folder.body)]).toEqual(conflictWith("src"));
    const rename = await refused(async (id) => {
      const pkg = await moduleNamed(id, "package.json");
      return call(app, p.writer, "PUT", url(id, `/${pkg.shortid}`), {
        module: { title: "src" },
        base_version: 1,
      });
    });
    expect([rename.status, detail(rename.body)]).toEqual(conflictWith("src"));
    const move = await refused(async (id) => {
      const src = await folderNamed(id, "src");
      const pkg = await moduleNamed(id, "package.json");
      return call(app, p.writer, "PUT", url(id, "/mupdate"), {
        modules: [
          { shortid: pkg.shortid, title: "index.js", directory_shortid: src.shortid, base_version: 1 },
        ],
      });
    });
    expect([move.status, detail(move.body)]).toEqual(conflictWith("index.js"));
    const twice = await refused((id) =>
      call(app, p.writer, "POST", url(id, "/mcreate"), { modules: [{ title: "a.js" }, { title: "a.js" }] }),
    );
    expect([twice.status, detail(twice.body)]).toEqual(conflictWith("a.js"));
    const takenShortid = await refused(async (id) => {
      const src = await folderNamed(id, "src");
      return call(app, p.writer, "POST", url(id, "/mcreate"), {
        directories: [{ shortid: src.shortid, title: "other" }],
      });
    });
    expect(takenShortid.status).toBe(409);
  });

  it("a file over 5 MB is refused with spec 2's upload message (413), on create, save and bulk create", async () => {
    const big = "a".repeat(FILE_CODE_MAX_BYTES + 1);
    const tooLarge = [413, MESSAGES.fileTooLarge];
    const create = await refused((id) =>
      call(app, p.writer, "POST", url(id), { module: { title: "big.txt", code: big } }),
    );
    expect([create.status, detail(create.body)]).toEqual(tooLarge);
    const save = await refused(async (id) => {
      const index = await moduleNamed(id, "index.js");
      return call(app, p.writer, "PUT", url(id, `/${index.shortid}`), {
        module: { code: big },
        base_version: 1,
      });
    });
    expect([save.status, detail(save.body)]).toEqual(tooLarge);
    // Multi-byte characters count as their bytes.
    const wide = "é".repeat(FILE_CODE_MAX_BYTES / 2 + 1);
    const bulk = await refused((id) =>
      call(app, p.writer, "POST", url(id, "/mcreate"), {
        modules: [
          { title: "ok.txt", code: "fine" },
          { title: "wide.txt", code: wide },
        ],
      }),
    );
    expect([bulk.status, detail(bulk.body)]).toEqual(tooLarge);
    // Exactly 5 MB is allowed.
    const id = await make();
    const fits = await call(app, p.writer, "POST", url(id), {
      module: { title: "max.txt", code: "a".repeat(FILE_CODE_MAX_BYTES) },
    });
    expect(fits.statusCode).toBe(200);
  });

  it("a folder cannot move into itself or one of its subfolders (422)", async () => {
    const self = await refused(async (id) => {
      const src = await folderNamed(id, "src");
      return call(app, p.writer, "PUT", `/api/v1/sandboxes/${id}/directories/${src.shortid}`, {
        directory: { directory_shortid: src.shortid },
      });
    });
    expect([self.status, detail(self.body)]).toEqual([422, FILE_MESSAGES.intoItself]);
    const below = await refused(async (id) => {
      const src = await folderNamed(id, "src");
      const components = await folderNamed(id, "components");
      return call(app, p.writer, "PUT", `/api/v1/sandboxes/${id}/directories/${src.shortid}`, {
        directory: { directory_shortid: components.shortid },
      });
    });
    expect([below.status, detail(below.body)]).toEqual([422, FILE_MESSAGES.intoItself]);
    const cycle = await refused((id) =>
      call(app, p.writer, "POST", url(id, "/mcreate"), {
        directories: [
          { shortid: "loop1", title: "a", directory_shortid: "loop2" },
          { shortid: "loop2", title: "b", directory_shortid: "loop1" },
        ],
      }),
    );
    expect(cycle.status).toBe(422);
  });

  it("a stale version is refused (409) with the file as it is now; in a bulk save nothing is written", async () => {
    const id = await make();
    const index = await moduleNamed(id, "index.js");
    await call(app, p.admin, "PUT", url(id, `/${index.shortid}`), {
      module: { code: "theirs" },
      base_version: 1,
    });
    const before = await state(id);
    const mine = await call(app, p.writer, "PUT", url(id, `/${index.shortid}`), {
      module: { code: "mine" },
      base_version: 1,
    });
    expect(mine.statusCode).toBe(409);
    expect(mine.json()).toEqual({
      errors: { detail: [FILE_MESSAGES.stale("index.js")] },
      current: { module: expect.objectContaining({ shortid: index.shortid, code: "theirs", version: 2 }) },
    });
    const pkg = await moduleNamed(id, "package.json");
    const bulk = await call(app, p.writer, "PUT", url(id, "/mupdate"), {
      modules: [
        { shortid: pkg.shortid, code: "{}\n", base_version: 1 },
        { shortid: index.shortid, code: "mine", base_version: 1 },
      ],
    });
    expect(bulk.statusCode).toBe(409);
    expect(bulk.json().current.modules).toEqual([
      expect.objectContaining({ shortid: index.shortid, code: "theirs", version: 2 }),
    ]);
    expect(await state(id)).toEqual(before);
  });

  it("unknown files and folders answer 404; a binary file's code is a data URL or an upload's address (422)", async () => {
    const file = await refused((id) =>
      call(app, p.writer, "PUT", url(id, "/nosuch"), { module: { code: "1" }, base_version: 1 }),
    );
    expect([file.status, detail(file.body)]).toEqual([404, FILE_MESSAGES.fileNotFound]);
    const folder = await refused((id) =>
      call(app, p.writer, "POST", url(id), { module: { title: "x.js", directory_shortid: "nosuch" } }),
    );
    expect([folder.status, detail(folder.body)]).toEqual([404, FILE_MESSAGES.folderNotFound]);
    const bulkDelete = await refused(async (id) => {
      const pkg = await moduleNamed(id, "package.json");
      return call(app, p.writer, "POST", url(id, "/mdelete"), { module_shortids: [pkg.shortid, "nosuch"] });
    });
    expect(bulkDelete.status).toBe(404);
    const binary = await refused((id) =>
      call(app, p.writer, "POST", url(id), {
        module: { title: "x.png", code: "not an image", is_binary: true },
      }),
    );
    expect([binary.status, detail(binary.body)]).toEqual([422, FILE_MESSAGES.binaryCode]);
    const noBase = await refused(async (id) => {
      const pkg = await moduleNamed(id, "package.json");
      return call(app, p.writer, "PUT", url(id, `/${pkg.shortid}`), { module: { code: "1" } });
    });
    expect([noBase.status, detail(noBase.body)]).toEqual([422, FILE_MESSAGES.baseVersionRequired]);
  });

  it("S1-6.001 / a file operation on a sandbox the person may not write: READ member 403 (the UI bypassed), outsider 404 (private), signed out 401, frozen workspace, protected and deleted sandboxes 403", async () => {
    const save = (user: TestUser | null) => async (id: string) => {
      const index = await moduleNamed(id, "index.js");
      return call(app, user, "PUT", url(id, `/${index.shortid}`), { module: { code: "x" }, base_version: 1 });
    };
    const reader = await refused(save(p.reader), { privacy: 2 });
    expect([reader.status, detail(reader.body)]).toEqual([403, FILE_MESSAGES.readOnly]);
    const outsider = await refused(save(p.outsider), { privacy: 2 });
    expect([outsider.status, detail(outsider.body)]).toEqual([404, DASHBOARD_MESSAGES.sandboxNotFound]);
    const publicOne = await refused(save(p.outsider), { privacy: 0 });
    expect(publicOne.status).toBe(403);
    expect((await refused(save(null))).status).toBe(401);
    const protectedOne = await refused(save(p.admin), { isFrozen: true });
    expect([protectedOne.status, detail(protectedOne.body)]).toEqual([
      403,
      DASHBOARD_MESSAGES.sandboxProtected,
    ]);
    const deleted = await refused(save(p.admin), { removed: true });
    expect([deleted.status, detail(deleted.body)]).toEqual([403, FILE_MESSAGES.deleted]);
    await setFrozen(app, p.workspaceId, true);
    try {
      expect((await refused(save(p.admin))).status).toBe(403);
      expect(
        (await refused((id) => call(app, p.admin, "POST", url(id), { module: { title: "new.js" } }))).status,
      ).toBe(403);
    } finally {
      await setFrozen(app, p.workspaceId, false);
    }
    const readerCreate = await refused((id) =>
      call(app, p.reader, "POST", url(id, "/mcreate"), { modules: [{ title: "new.js" }] }),
    );
    expect(readerCreate.status).toBe(403);
    const readerDelete = await refused(async (id) => {
      const src = await folderNamed(id, "src");
      return call(app, p.reader, "DELETE", `/api/v1/sandboxes/${id}/directories/${src.shortid}`);
    });
    expect(readerDelete.status).toBe(403);
  });

  it("S1-3.040 / a collaborator shared WRITE_CODE edits the files; a COMMENT collaborator does not", async () => {
    const editor = await signUp(app);
    const commenter = await signUp(app);
    const id = await make({ privacy: 2 });
    await app.deps.db.insert(sandboxCollaborators).values([
      { sandboxId: id, userId: editor.id, authorization: "WRITE_CODE" },
      { sandboxId: id, userId: commenter.id, authorization: "COMMENT" },
    ]);
    const index = await moduleNamed(id, "index.js");
    const byCommenter = await call(app, commenter, "PUT", url(id, `/${index.shortid}`), {
      module: { code: "c" },
      base_version: 1,
    });
    expect(byCommenter.statusCode).toBe(403);
    const byEditor = await call(app, editor, "PUT", url(id, `/${index.shortid}`), {
      module: { code: "e" },
      base_version: 1,
    });
    expect(byEditor.statusCode).toBe(200);
    expect((await call(app, editor, "GET", `/api/v1/sandboxes/${id}`)).json().authorization).toBe(
      "WRITE_CODE",
    );
    expect((await call(app, commenter, "GET", `/api/v1/sandboxes/${id}`)).json().authorization).toBe(
      "COMMENT",
    );
  });
});

describe("the sandbox's authorization follows who may edit its files", () => {
  it("S1-3.040 / OWNER and WRITE_CODE edit; a protected sandbox lowers them to WRITE_PROJECT, a frozen workspace to READ (REST and GraphQL agree)", async () => {
    const level = async (user: TestUser, id: string) => {
      const rest = (await call(app, user, "GET", `/api/v1/sandboxes/${id}`)).json().authorization;
      const graphql = await gql<{ sandbox: { authorization: string } }>(
        app,
        user,
        "query($id: ID!) { sandbox(sandboxId: $id) { authorization } }",
        { id },
      );
      expect(graphql.data!.sandbox.authorization).toBe(rest);
      return rest;
    };
    const id = await make({ privacy: 2 });
    expect(await level(p.writer, id)).toBe("OWNER");
    expect(await level(p.admin, id)).toBe("WRITE_CODE");
    expect(await level(p.reader, id)).toBe("READ");
    const protectedOne = await make({ privacy: 2, isFrozen: true });
    expect(await level(p.writer, protectedOne)).toBe("WRITE_PROJECT");
    await setFrozen(app, p.workspaceId, true);
    try {
      expect(await level(p.admin, id)).toBe("READ");
    } finally {
      await setFrozen(app, p.workspaceId, false);
    }
  });

  it("issue 15 / the owner's own visits count no view; anyone else's do", async () => {
    const id = await make({ privacy: 0 });
    await call(app, p.writer, "GET", `/api/v1/sandboxes/${id}`);
    expect((await sandboxRow(app, id))!.viewCount).toBe(0);
    await call(app, p.admin, "GET", `/api/v1/sandboxes/${id}`);
    expect((await sandboxRow(app, id))!.viewCount).toBe(1);
  });
});

describe("the file API through GraphQL (the same commands)", () => {
  it("createModules, updateModules (stale: CONFLICT with the current files), createDirectory, updateDirectory, deleteModules, deleteDirectory; Sandbox.modules and directories", async () => {
    const id = await make({ privacy: 2 });
    const created = await gql<{
      createModules: { modules: { shortid: string; version: number }[]; directories: { shortid: string }[] };
    }>(
      app,
      p.writer,
      `mutation($id: ID!) { createModules(sandboxId: $id,
        directories: [{ shortid: "d1", title: "docs" }],
        modules: [{ title: "a.md", directoryShortid: "d1", code: "A" }]) {
          modules { shortid version directoryShortid } directories { shortid title } } }`,
      { id },
    );
    expect(created.errors).toBeUndefined();
    const a = created.data!.createModules.modules[0]!;
    expect(a).toMatchObject({ version: 1, directoryShortid: "d1" });

    const updated = await gql<{ updateModules: { code: string; version: number }[] }>(
      app,
      p.writer,
      `mutation($id: ID!, $s: String!) { updateModules(sandboxId: $id, modules: [{ shortid: $s, code: "B", baseVersion: 1 }]) { code version } }`,
      { id, s: a.shortid },
    );
    expect(updated.data!.updateModules).toEqual([{ code: "B", version: 2 }]);
    const stale = await gql(
      app,
      p.admin,
      `mutation($id: ID!, $s: String!) { updateModules(sandboxId: $id, modules: [{ shortid: $s, code: "C", baseVersion: 1 }]) { version } }`,
      { id, s: a.shortid },
    );
    expect(stale.errors![0]!.extensions).toMatchObject({
      code: "CONFLICT",
      current: { modules: [expect.objectContaining({ shortid: a.shortid, code: "B", version: 2 })] },
    });

    const dir = await gql<{ createDirectory: { shortid: string } }>(
      app,
      p.writer,
      `mutation($id: ID!) { createDirectory(sandboxId: $id, title: "lib") { shortid } }`,
      { id },
    );
    const lib = dir.data!.createDirectory.shortid;
    const moved = await gql<{ updateDirectory: { title: string; directoryShortid: string } }>(
      app,
      p.writer,
      `mutation($id: ID!, $lib: String!) { updateDirectory(sandboxId: $id, shortid: "d1", title: "guides", directoryShortid: $lib) { title directoryShortid } }`,
      { id, lib },
    );
    expect(moved.data!.updateDirectory).toEqual({ title: "guides", directoryShortid: lib });

    const read = await gql<{
      sandbox: { modules: { title: string; version: number }[]; directories: { title: string }[] };
    }>(
      app,
      p.reader,
      "query($id: ID!) { sandbox(sandboxId: $id) { modules { title version } directories { title } } }",
      { id },
    );
    expect(read.data!.sandbox.modules).toContainEqual({ title: "a.md", version: 2 });
    expect(read.data!.sandbox.directories.map((d) => d.title).sort()).toEqual([
      "components",
      "guides",
      "lib",
      "src",
    ]);

    const pkg = await moduleNamed(id, "package.json");
    const afterDelete = await gql<{ deleteModules: { modules: { title: string }[] } }>(
      app,
      p.writer,
      `mutation($id: ID!, $m: String!) { deleteModules(sandboxId: $id, moduleShortids: [$m]) { modules { title } } }`,
      { id, m: pkg.shortid },
    );
    expect(afterDelete.data!.deleteModules.modules.map((m) => m.title)).not.toContain("package.json");
    const afterFolder = await gql<{ deleteDirectory: { directories: { title: string }[] } }>(
      app,
      p.writer,
      `mutation($id: ID!, $lib: String!) { deleteDirectory(sandboxId: $id, shortid: $lib) { directories { title } } }`,
      { id, lib },
    );
    expect(afterFolder.data!.deleteDirectory.directories.map((d) => d.title).sort()).toEqual([
      "components",
      "src",
    ]);
    expect((await state(id)).modules.map((m) => m.title).sort()).toEqual(["App.js", "index.js"]);

    const byReader = await gql(
      app,
      p.reader,
      `mutation($id: ID!) { createDirectory(sandboxId: $id, title: "nope") { shortid } }`,
      { id },
    );
    expect(byReader.errors![0]!.extensions!.code).toBe("FORBIDDEN");
  });
});

describe("saving moves the sandbox's updated time and search version, at most once a minute", () => {
  it("issue 15 / a save after a quiet minute moves them and tells the dashboards; the saves right after do not", async () => {
    const id = await make();
    const longAgo = new Date(Date.now() - 5 * 60_000);
    await app.deps.db.update(sandboxes).set({ updatedAt: longAgo }).where(eq(sandboxes.id, id));
    const version = async () =>
      (
        await app.deps.db
          .select({ v: searchVersions.version })
          .from(searchVersions)
          .where(eq(searchVersions.workspaceId, p.workspaceId))
      )[0]!.v;
    const searchBefore = await version();
    const index = await moduleNamed(id, "index.js");
    const heard: string[] = [];
    const stop = app.deps.live.subscribe(`workspace:${p.workspaceId}`, (e) => heard.push(e.event));
    try {
      await call(app, p.writer, "PUT", url(id, `/${index.shortid}`), {
        module: { code: "1" },
        base_version: 1,
      });
      const touched = (await sandboxRow(app, id))!.updatedAt;
      expect(touched.getTime()).toBeGreaterThan(longAgo.getTime());
      const searchAfter = await version();
      expect(searchAfter).toBeGreaterThan(searchBefore);
      for (let v = 2; v <= 4; v++) {
        await call(app, p.writer, "PUT", url(id, `/${index.shortid}`), {
          module: { code: String(v) },
          base_version: v,
        });
      }
      await new Promise((r) => setTimeout(r, 20));
      expect((await sandboxRow(app, id))!.updatedAt).toEqual(touched);
      expect(await version()).toBe(searchAfter);
      expect(heard).toEqual(["workspace-changed"]);
    } finally {
      stop();
    }
  });
});
