/**
 * The data the authorization table is asked about: a main workspace (ADMIN, WRITE and READ
 * members, an outsider) and a frozen workspace seeded the same way (its ADMIN is the `frozen`
 * persona). Each holds a folder with a public, an unlisted and a private sandbox, a writer's
 * draft, a deleted sandbox, a sandbox shared with the outsider, a private and a public template
 * (with a public fork of the private one), an imported repository with a branch and a pull
 * request, a pending e-mail invitation and a join request; every persona has a notification.
 */
import { eq } from "drizzle-orm";
import {
  notifications,
  sandboxCollaborators,
  sandboxes,
  sandboxGit,
  templates,
  workspaceInvitations,
  workspaceJoinRequests,
} from "../../src/db/schema/index.ts";
import { subscribe } from "../../src/modules/billing/testing.ts";
import { codeHostApp, connectGithub } from "../../src/modules/repositories/testing.ts";
import { makeSandbox } from "../../src/modules/sandboxes/testing.ts";
import type { TestApp } from "../app.ts";
import { addMember, gql, setFrozen, signUp, type TestUser, unique } from "../factories.ts";
import type { GithubStandIn } from "../standins/github.ts";
import { PERSONAS, type Persona } from "./outcomes.ts";
import type { Vars } from "./requests.ts";

export const FOLDER = "/docs";

/** The ids of one workspace's objects, by the names the table's paths use as `{name}`. */
export type WorkspaceFixture = {
  team: string;
  teamToken: string;
  folder: string;
  folderPath: string;
  publicSandbox: string;
  unlistedSandbox: string;
  privateSandbox: string;
  draft: string;
  deletedSandbox: string;
  sharedSandbox: string;
  privateTemplateSandbox: string;
  privateTemplate: string;
  publicTemplateSandbox: string;
  publicTemplate: string;
  forkOfPrivateTemplate: string;
  repoOwner: string;
  repoName: string;
  project: string;
  branch: string;
  invitedEmail: string;
  joinRequester: string;
};

export type Seeded = {
  app: TestApp;
  /** Someone in no workspace of the seed: whom sandboxes are shared with, a second admin. */
  friend: TestUser;
  /** Someone else again: invited to, or asking to join, the workspaces writes make. */
  stranger: TestUser;
  github: GithubStandIn;
  users: Record<Exclude<Persona, "signedOut">, TestUser>;
  main: WorkspaceFixture;
  frozen: WorkspaceFixture;
  /** Which personas may read each seeded object, by id (answers are checked against it). */
  readers: Map<string, { name: string; personas: Set<Persona> }>;
  /**
   * What a persona's requests name as `{name}`: the frozen workspace's objects for `frozen`, else
   * the main one's; `me`, `username`: the persona's own; `org`: a GitHub organization of the admin.
   */
  vars(persona: Persona): Vars;
};

const set = (...personas: Persona[]) => new Set(personas);

async function seedWorkspace(
  app: TestApp,
  github: GithubStandIn,
  admin: TestUser,
  writer: TestUser,
  outsider: TestUser,
  githubLogin: string,
  writerLogin: string,
): Promise<WorkspaceFixture> {
  const created = await gql<{ createTeam: { id: string; inviteToken: string } }>(
    app,
    admin,
    "mutation($name: String!) { createTeam(name: $name) { id inviteToken } }",
    { name: unique("Team ") },
  );
  const team = created.data!.createTeam.id;
  const sandbox = (authorId: string, privacy: 0 | 1 | 2, path: string | null = FOLDER) =>
    makeSandbox(app, team, authorId, { privacy, path, title: unique("sandbox ") });
  const publicSandbox = await sandbox(admin.id, 0);
  const unlistedSandbox = await sandbox(admin.id, 1);
  const privateSandbox = await sandbox(admin.id, 2);
  const draft = await sandbox(writer.id, 2, null);
  const deletedSandbox = await makeSandbox(app, team, admin.id, { privacy: 0, path: FOLDER, removed: true });
  const sharedSandbox = await sandbox(admin.id, 2);
  await app.deps.db
    .insert(sandboxCollaborators)
    .values({ sandboxId: sharedSandbox, userId: outsider.id, authorization: "READ" });
  const privateTemplateSandbox = await sandbox(admin.id, 2);
  const publicTemplateSandbox = await sandbox(admin.id, 0);
  const [privateTemplate, publicTemplate] = await app.deps.db
    .insert(templates)
    .values([
      { sandboxId: privateTemplateSandbox, tags: ["react"] },
      { sandboxId: publicTemplateSandbox, tags: ["vue"] },
    ])
    .returning({ id: templates.id });
  const forkOfPrivateTemplate = await sandbox(admin.id, 0);
  await app.deps.db
    .update(sandboxes)
    .set({ forkedFromId: privateTemplateSandbox })
    .where(eq(sandboxes.id, forkOfPrivateTemplate));

  const repoName = unique("repo-");
  await github.repos.createRepository({
    owner: githubLogin,
    name: repoName,
    branches: { feature: { "feature.txt": "1" } },
    collaborators: { [writerLogin]: "write" },
  });
  github.repos.addPullRequest({
    owner: githubLogin,
    repo: repoName,
    title: "A feature",
    head: "feature",
    additions: 1,
    deletions: 0,
  });
  const imported = await gql<{ importProject: { id: string } }>(
    app,
    admin,
    `mutation($owner: String!, $name: String!, $team: ID!) {
      importProject(provider: GITHUB, owner: $owner, name: $name, team: $team) { id } }`,
    { owner: githubLogin, name: repoName, team },
  );
  if (!imported.data) throw new Error(`import failed: ${JSON.stringify(imported.errors)}`);
  const project = imported.data.importProject.id;
  const branches = await gql<{ project: { branches: { id: string; name: string }[] } }>(
    app,
    admin,
    `query($owner: String!, $name: String!, $team: ID) {
      project(gitProvider: GITHUB, owner: $owner, repo: $name, team: $team) { branches { id name } } }`,
    { owner: githubLogin, name: repoName, team },
  );
  const branch = branches.data!.project.branches.find((b) => b.name === "feature")!.id;
  // A branch made in Boxyard (it has an owner), opened by the admin (Recent branches).
  const made = await gql<{ createBranch: { id: string } }>(
    app,
    admin,
    `mutation($owner: String!, $name: String!, $team: ID!) {
      createBranch(provider: GITHUB, owner: $owner, name: $name, team: $team) { id } }`,
    { owner: githubLogin, name: repoName, team },
  );
  if (!made.data) throw new Error(`createBranch failed: ${JSON.stringify(made.errors)}`);
  await gql(app, admin, "mutation($id: String!) { openBranch(id: $id) { id } }", {
    id: made.data.createBranch.id,
  });
  await app.deps.db.insert(sandboxGit).values({
    sandboxId: privateSandbox,
    owner: githubLogin,
    repo: repoName,
    branch: "main",
    cloneUrl: `${github.url}/${githubLogin}/${repoName}.git`,
  });

  const invitedEmail = `${unique("invited")}@example.test`;
  await app.deps.db
    .insert(workspaceInvitations)
    .values({ workspaceId: team, email: invitedEmail, authorization: "ADMIN", invitedById: admin.id });
  const requester = await signUp(app);
  await app.deps.db.insert(workspaceJoinRequests).values({ workspaceId: team, userId: requester.id });

  const folder = (
    await gql<{ me: { collection: { id: string } } }>(
      app,
      admin,
      "query($path: String!, $team: ID) { me { collection(path: $path, teamId: $team) { id } } }",
      { path: FOLDER, team },
    )
  ).data!.me.collection.id;

  return {
    team,
    teamToken: created.data!.createTeam.inviteToken,
    folder,
    folderPath: FOLDER,
    publicSandbox,
    unlistedSandbox,
    privateSandbox,
    draft,
    deletedSandbox,
    sharedSandbox,
    privateTemplateSandbox,
    privateTemplate: privateTemplate!.id,
    publicTemplateSandbox,
    publicTemplate: publicTemplate!.id,
    forkOfPrivateTemplate,
    repoOwner: githubLogin,
    repoName,
    project,
    branch,
    invitedEmail,
    joinRequester: requester.id,
  };
}

/** Who may read each object of a workspace whose members are `inside` (the writer's draft: `author`). */
function readersOf(f: WorkspaceFixture, inside: Persona[], author: Persona[]) {
  const everyone = set(...PERSONAS);
  const members = set(...inside);
  const entries: [keyof WorkspaceFixture, Set<Persona>][] = [
    ["team", members],
    ["folder", members],
    ["publicSandbox", everyone],
    ["unlistedSandbox", everyone],
    ["privateSandbox", members],
    ["draft", set(...author)],
    ["deletedSandbox", members],
    ["sharedSandbox", set(...inside, "outsider")],
    ["privateTemplateSandbox", members],
    ["privateTemplate", members],
    ["publicTemplateSandbox", everyone],
    ["publicTemplate", everyone],
    ["forkOfPrivateTemplate", everyone],
    ["project", members],
    ["branch", members],
  ];
  return entries.map(([name, personas]) => [f[name], { name, personas }] as const);
}

export async function seed(): Promise<Seeded> {
  // Many code-host calls run at once here: a deadline for a busy machine, not the tests' short one.
  const { app, github } = await codeHostApp({ GITHUB_API_TIMEOUT_MS: "15000" });
  const [admin, writer, reader, outsider, frozenAdmin] = await Promise.all(
    Array.from({ length: 5 }, () => signUp(app)),
  );
  const users = {
    admin: admin!,
    writer: writer!,
    reader: reader!,
    outsider: outsider!,
    frozen: frozenAdmin!,
  };
  const adminGithub = await connectGithub(app, github, users.admin);
  const frozenGithub = await connectGithub(app, github, users.frozen);
  const writerGithub = await connectGithub(app, github, users.writer);
  await connectGithub(app, github, users.reader);
  await connectGithub(app, github, users.outsider);

  const [friend, stranger] = [await signUp(app), await signUp(app)];
  const main = await seedWorkspace(
    app,
    github,
    users.admin,
    users.writer,
    users.outsider,
    adminGithub.login,
    writerGithub.login,
  );
  await addMember(app, main.team, users.writer, "WRITE");
  await addMember(app, main.team, users.reader, "READ");
  const frozen = await seedWorkspace(
    app,
    github,
    users.frozen,
    users.frozen,
    users.outsider,
    frozenGithub.login,
    frozenGithub.login,
  );
  // The outsider is invited to the frozen workspace (joining waits until it is unfrozen).
  await app.deps.db
    .insert(workspaceInvitations)
    .values({ workspaceId: frozen.team, userId: users.outsider.id, authorization: "READ" });
  await setFrozen(app, frozen.team, true);

  for (const user of Object.values(users)) {
    await app.deps.db
      .insert(notifications)
      .values({ userId: user.id, type: "team_invite", data: { teamName: "A team" } });
  }

  await subscribe(app, main.team);
  const org = unique("org-");
  github.repos.organization(org, [adminGithub.login]);
  await github.repos.createRepository({ owner: org, name: "tools" });

  const readers = new Map<string, { name: string; personas: Set<Persona> }>();
  for (const [id, entry] of readersOf(main, ["reader", "writer", "admin"], ["writer"]))
    readers.set(id, entry);
  for (const [id, entry] of readersOf(frozen, ["frozen"], ["frozen"])) {
    readers.set(id, { name: `frozen ${entry.name}`, personas: entry.personas });
  }
  let adminNotification: string | undefined;
  for (const row of await app.deps.db.select().from(notifications)) {
    if (row.userId === users.admin.id) adminNotification = row.id;
    const persona = (Object.keys(users) as (keyof typeof users)[]).find((p) => users[p].id === row.userId);
    if (persona) readers.set(row.id, { name: `${persona}'s notification`, personas: set(persona) });
  }
  const vars = (persona: Persona): Vars => {
    const user = persona === "signedOut" ? null : users[persona];
    return {
      ...(persona === "frozen" ? frozen : main),
      org,
      me: user?.id ?? null,
      username: user?.username ?? "nobody",
      frozenTeamToken: frozen.teamToken,
      writerId: persona === "frozen" ? users.frozen.id : users.writer.id,
      adminUsername: users.admin.username,
      adminEmail: users.admin.email,
      personalTeam: user ? user.primaryTeamId : null,
      adminId: users.admin.id,
      mainTeam: main.team,
      outsiderId: users.outsider.id,
      outsiderUsername: users.outsider.username,
      friendId: friend.id,
      friendUsername: friend.username,
      frozenTeam: frozen.team,
      repoUrl: `${(persona === "frozen" ? frozen : main).repoOwner}/${(persona === "frozen" ? frozen : main).repoName}`,
      adminNotification: adminNotification!,
    };
  };
  return { app, github, friend, stranger, users, main, frozen, readers, vars };
}
