/**
 * Objects made for one cell of a write, so that a write that succeeds changes nothing another cell
 * reads: a sandbox, a folder, a workspace with the personas' roles, a repository.
 */
import { and, eq } from "drizzle-orm";
import {
  sandboxCollaborators,
  sandboxDirectories,
  sandboxModules,
  templates,
  workspaceInvitations,
  workspaceJoinRequests,
  workspaces,
} from "../../src/db/schema/index.ts";
import { folderId, makeSandbox } from "../../src/modules/sandboxes/testing.ts";
import { addMember, gql, unique } from "../factories.ts";
import type { Persona } from "./outcomes.ts";
import type { Vars } from "./requests.ts";
import { FOLDER, type Seeded } from "./seed.ts";

/** The workspace a persona's cell acts in, and its admin (the frozen one's for `frozen`). */
function home(s: Seeded, persona: Persona) {
  const fixture = persona === "frozen" ? s.frozen : s.main;
  const admin = persona === "frozen" ? s.users.frozen : s.users.admin;
  return { team: fixture.team, admin, fixture };
}

/** Runs `work` with the persona's workspace unfrozen (objects a frozen workspace can no longer make). */
async function unfrozen<T>(s: Seeded, team: string, work: () => Promise<T>): Promise<T> {
  const [row] = await s.app.deps.db
    .select({ frozen: workspaces.frozen })
    .from(workspaces)
    .where(eq(workspaces.id, team));
  if (!row?.frozen) return work();
  await s.app.deps.db.update(workspaces).set({ frozen: false }).where(eq(workspaces.id, team));
  try {
    return await work();
  } finally {
    await s.app.deps.db.update(workspaces).set({ frozen: true }).where(eq(workspaces.id, team));
  }
}

/**
 * Makes a cell's objects. `forRefusal` names seeded ones instead for the personas who must be
 * refused (a refusal changes nothing, so they need no object of their own), where making one is slow.
 */
export type Setup = ((s: Seeded, persona: Persona) => Promise<Vars>) & {
  forRefusal?: (s: Seeded, persona: Persona) => Vars;
};

/**
 * `{sb}`: a public sandbox of the workspace's admin in the folder; `removed` puts it in Recently
 * deleted, `template` makes it a template (`{tpl}`), `sharedWithFriend` shares it, `private` makes
 * it private. `files` names its file `src/index.js` (`{mod}`, at version 1) and its folder `src` (`{dir}`).
 */
export const sandbox =
  (
    options: {
      removed?: boolean;
      template?: boolean;
      sharedWithFriend?: boolean;
      devbox?: boolean;
      private?: boolean;
      files?: boolean;
    } = {},
  ): Setup =>
  async (s, persona) => {
    const { team, admin } = home(s, persona);
    const sb = await makeSandbox(s.app, team, admin.id, {
      path: FOLDER,
      privacy: options.private ? 2 : 0,
      removed: options.removed,
      isV2: options.devbox,
    });
    const vars: Vars = { sb };
    if (options.files) {
      const [mod] = await s.app.deps.db
        .select({ shortid: sandboxModules.shortid })
        .from(sandboxModules)
        .where(and(eq(sandboxModules.sandboxId, sb), eq(sandboxModules.title, "index.js")));
      const [dir] = await s.app.deps.db
        .select({ shortid: sandboxDirectories.shortid })
        .from(sandboxDirectories)
        .where(and(eq(sandboxDirectories.sandboxId, sb), eq(sandboxDirectories.title, "src")));
      vars.mod = mod!.shortid;
      vars.dir = dir!.shortid;
    }
    if (options.template) {
      const [row] = await s.app.deps.db
        .insert(templates)
        .values({ sandboxId: sb })
        .returning({ id: templates.id });
      vars.tpl = row!.id;
    }
    if (options.sharedWithFriend) {
      await s.app.deps.db
        .insert(sandboxCollaborators)
        .values({ sandboxId: sb, userId: s.friend.id, authorization: "READ" });
    }
    return vars;
  };

/** `{freshFolder}`: a new folder; `{newPath}`: a path nobody uses yet. */
export const folder: Setup = async (s, persona) => {
  const { team } = home(s, persona);
  const freshFolder = `/${unique("folder-")}`;
  await folderId(s.app, team, freshFolder);
  return { freshFolder, newPath: `/${unique("folder-")}` };
};

export const newPath: Setup = async () => ({
  newPath: `/${unique("folder-")}`,
  newEmail: `${unique("new")}@example.test`,
});

/**
 * `{ws}`: a new workspace where the personas hold their roles (the frozen persona is the ADMIN of a
 * frozen one) and the friend is a second ADMIN; `{wsToken}` its invite token. Options add a pending
 * invitation of the outsider (`invitedOutsider`) or of someone else, and a join request (`{requesterId}`).
 */
export const workspace =
  (options: { invitedOutsider?: boolean; invitedOther?: boolean; joinRequest?: boolean } = {}): Setup =>
  async (s, persona) => {
    const owner = persona === "frozen" ? s.users.frozen : s.users.admin;
    const created = await gql<{ createTeam: { id: string; inviteToken: string } }>(
      s.app,
      owner,
      "mutation($name: String!) { createTeam(name: $name) { id inviteToken } }",
      { name: unique("Scratch ") },
    );
    const ws = created.data!.createTeam.id;
    await addMember(s.app, ws, s.friend, "ADMIN");
    if (persona !== "frozen") {
      await addMember(s.app, ws, s.users.writer, "WRITE");
      await addMember(s.app, ws, s.users.reader, "READ");
    }
    const vars: Vars = { ws, wsToken: created.data!.createTeam.inviteToken };
    if (options.invitedOutsider) {
      await s.app.deps.db
        .insert(workspaceInvitations)
        .values({ workspaceId: ws, userId: s.users.outsider.id, authorization: "READ" });
    }
    if (options.invitedOther) {
      await s.app.deps.db
        .insert(workspaceInvitations)
        .values({ workspaceId: ws, userId: s.stranger.id, authorization: "READ" });
    }
    if (options.joinRequest) {
      await s.app.deps.db.insert(workspaceJoinRequests).values({ workspaceId: ws, userId: s.stranger.id });
      vars.requesterId = s.stranger.id;
    }
    if (persona === "frozen")
      await s.app.deps.db.update(workspaces).set({ frozen: true }).where(eq(workspaces.id, ws));
    return vars;
  };

/**
 * `{freshRepo}`: a new repository of the workspace admin's GitHub account; `imported` imports it
 * too, `branch` makes a branch of the seeded repository (`{freshBranch}`, `{freshBranchName}`).
 * Refused personas are pointed at the seeded repository and branch.
 */
export function repository(options: { imported?: boolean; branch?: boolean } = {}): Setup {
  const make: Setup = async (s, persona) => {
    const { team, admin, fixture } = home(s, persona);
    const freshRepo = unique("repo-");
    await s.github.repos.createRepository({ owner: fixture.repoOwner, name: freshRepo });
    const vars: Vars = { freshRepo, forkName: `${freshRepo}-fork` };
    if (options.imported) {
      await unfrozen(s, team, async () => {
        const r = await gql(
          s.app,
          admin,
          `mutation($owner: String!, $name: String!, $team: ID!) {
            importProject(provider: GITHUB, owner: $owner, name: $name, team: $team) { id } }`,
          { owner: fixture.repoOwner, name: freshRepo, team },
        );
        if (r.errors) throw new Error(`import failed: ${JSON.stringify(r.errors)}`);
      });
    }
    if (options.branch) {
      await unfrozen(s, team, async () => {
        const r = await gql<{ createBranch: { id: string; name: string } }>(
          s.app,
          admin,
          `mutation($owner: String!, $name: String!, $team: ID!) {
            createBranch(provider: GITHUB, owner: $owner, name: $name, team: $team) { id name } }`,
          { owner: fixture.repoOwner, name: fixture.repoName, team },
        );
        if (!r.data) throw new Error(`createBranch failed: ${JSON.stringify(r.errors)}`);
        vars.freshBranch = r.data.createBranch.id;
        vars.freshBranchName = r.data.createBranch.name;
      });
    }
    return vars;
  };
  make.forRefusal = (s, persona) => {
    const { fixture } = home(s, persona);
    return {
      freshRepo: fixture.repoName,
      forkName: `${fixture.repoName}-fork`,
      freshBranch: fixture.branch,
      freshBranchName: "feature",
    };
  };
  return make;
}

/** `{cookie}`: a second session of the persona (signed in again), for a cell that ends it. */
export const session: Setup = async (s, persona) => {
  if (persona === "signedOut") return { cookie: "" };
  const user = s.users[persona];
  const response = await s.app.inject({
    method: "POST",
    url: "/api/v1/auth/local/signin",
    headers: { "x-boxyard-client": "web" },
    remoteAddress: `10.1.0.${PERSONA_ADDRESS[persona]}`,
    payload: { email: user.email, password: user.password },
  });
  const cookie = response.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  if (response.statusCode !== 200 || !cookie) throw new Error(`sign-in failed: ${response.body}`);
  return { cookie };
};

const PERSONA_ADDRESS: Record<Persona, number> = {
  signedOut: 1,
  outsider: 2,
  reader: 3,
  writer: 4,
  admin: 5,
  frozen: 6,
};
