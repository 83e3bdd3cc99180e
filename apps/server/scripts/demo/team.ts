import type { Deps } from "../../src/deps.ts";
import { shareSandbox } from "../../src/modules/sandboxes/collaborators.service.ts";
import { createSandbox } from "../../src/modules/sandboxes/sandboxes.service.ts";
import { acceptInvitation, inviteByUsername } from "../../src/modules/workspaces/members.service.ts";
import { createTeamWorkspace } from "../../src/modules/workspaces/workspaces.service.ts";
import { runCommand } from "../../src/service/context.ts";
import { actor, type Person, signUp } from "./people.ts";

const PASSWORD = "boxyard-demo";

/** The demo user's teammates at Orbit Labs. */
const TEAMMATES = [
  { username: "maya", name: "Maya Okafor", role: "designer" },
  { username: "jonas", name: "Jonas Berg", role: "backend" },
  { username: "priya", name: "Priya Raman", role: "frontend" },
  { username: "tomas", name: "Tomás Silva", role: "lead-dev" },
] as const;

/** What the team works on together, with who made it. */
const TEAM_SANDBOXES = [
  {
    author: "maya",
    title: "Onboarding screens",
    template: "react-ts",
    description: "The three welcome screens of the mobile web app, with their illustrations.",
  },
  {
    author: "jonas",
    title: "Webhook relay",
    template: "node",
    description: "Receives the payment provider's webhooks and forwards them to the queue.",
  },
  {
    author: "priya",
    title: "Search with filters",
    template: "vue",
    description: "Instant search over the catalogue, with facets in the URL.",
  },
];

export type DemoTeam = { teamId: string; teammates: Person[] };

/**
 * "Orbit Labs": the demo user's team with four teammates who accepted their invitations (each
 * acceptance is a notification for the demo user), a few shared sandboxes, a sandbox Maya shared
 * with the demo user and an invitation from Jonas's own studio still waiting: the notifications.
 */
export async function seedTeam(deps: Deps, demo: Person): Promise<DemoTeam> {
  const teammates: Person[] = [];
  for (const mate of TEAMMATES) {
    teammates.push(
      await signUp(deps, { ...mate, email: `${mate.username}@orbit-labs.example`, password: PASSWORD }),
    );
  }
  const byName = new Map(teammates.map((mate) => [mate.username, mate]));
  const team = await runCommand(deps, actor(demo), createTeamWorkspace, { name: "Orbit Labs" });
  for (const mate of teammates) {
    await runCommand(deps, actor(demo), inviteByUsername, {
      teamId: team.id,
      username: mate.username,
      authorization: mate.username === "tomas" ? "ADMIN" : "WRITE",
    });
    await runCommand(deps, actor(mate), acceptInvitation, { teamId: team.id });
  }

  await deps.db.transaction(async (tx) => {
    for (const sandbox of TEAM_SANDBOXES) {
      await createSandbox(tx, {
        workspaceId: team.id,
        authorId: byName.get(sandbox.author)!.userId,
        collectionId: null,
        title: sandbox.title,
        description: sandbox.description,
        privacy: 0,
        isV2: sandbox.template === "node",
        sourceTemplate: sandbox.template,
        files: [{ path: "README.md", code: `# ${sandbox.title}\n\n${sandbox.description}\n` }],
      });
    }
  });

  // Maya asks for a review of her personal experiment.
  const maya = byName.get("maya")!;
  const motion = await deps.db.transaction((tx) =>
    createSandbox(tx, {
      workspaceId: maya.primaryTeamId,
      authorId: maya.userId,
      collectionId: null,
      title: "Motion studies",
      description: "Spring animations for the card transitions, to pick one together.",
      privacy: 1,
      isV2: false,
      sourceTemplate: "react",
      files: [
        {
          path: "README.md",
          code: "# Motion studies\n\nSpring animations for the card transitions, to pick one together.\n",
        },
      ],
    }),
  );
  await runCommand(deps, actor(maya), shareSandbox, {
    sandboxId: motion.id,
    usernameOrEmail: demo.username,
    authorization: "COMMENT",
  });

  // Jonas's freelance studio would like the demo user too.
  const jonas = byName.get("jonas")!;
  const studio = await runCommand(deps, actor(jonas), createTeamWorkspace, { name: "Nebula Studio" });
  await runCommand(deps, actor(jonas), inviteByUsername, {
    teamId: studio.id,
    username: demo.username,
    authorization: "WRITE",
  });
  return { teamId: team.id, teammates };
}
