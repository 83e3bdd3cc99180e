import type { FastifyInstance } from "fastify";
import type { Deps } from "../../deps.ts";
import { routeDoc } from "../../http/openapi.ts";
import { bodyObject } from "../../http/parse-input.ts";
import { runCommand, runQuery, unparsed } from "../../service/context.ts";
import { runRemoteCommand } from "../../service/remote-command.ts";
import { deleteBranchByName } from "./branches.service.ts";
import { forkRepository, validateForkName } from "./fork.service.ts";
import { deleteProject } from "./projects.service.ts";
import { forkRepositoryInput, workspaceBranchInput } from "./repositories.schema.ts";

type RepoParams = { owner: string; repo: string };

/** The beta REST routes of repositories (spec 1 §7, spec 2 §7, api-contract §13). */
export function registerRepositoryRoutes(app: FastifyInstance, deps: Deps) {
  /** `{valid, message?}`: may the viewer fork into `owner/repo`? (spec 2 §4, §5) */
  app.get<{ Params: RepoParams }>(
    "/api/beta/repos/validate/github/:owner/:repo",
    { schema: routeDoc({ tag: "repositories", summary: "Whether the viewer may fork into owner/repo" }) },
    async (request) => {
      return runQuery(deps, request.viewer, validateForkName, unparsed(request.params));
    },
  );

  /** Forks `owner/repo` as `name` (into `organization`), imports the fork, makes a contribution branch. */
  app.post<{ Params: RepoParams }>(
    "/api/beta/fork/github/:owner/:repo",
    {
      schema: routeDoc({
        tag: "repositories",
        summary: "Forks a GitHub repository, imports the fork and makes a contribution branch",
        body: forkRepositoryInput.omit({ owner: true, repo: true }),
      }),
    },
    async (request) => {
      return runRemoteCommand(
        deps,
        request.viewer,
        forkRepository,
        unparsed({ ...bodyObject(request.body), ...request.params }),
      );
    },
  );

  /** Unlinks a repository from a workspace: sent with GraphQL deleteProject; either removes it. */
  app.delete<{ Params: RepoParams & { teamId: string } }>(
    "/api/beta/repos/link/github/:owner/:repo/:teamId",
    { schema: routeDoc({ tag: "repositories", summary: "Removes an imported repository from a workspace" }) },
    async (request, reply) => {
      const { owner, repo, teamId } = request.params;
      await runCommand(deps, request.viewer, deleteProject, unparsed({ owner, name: repo, team: teamId }));
      return reply.status(204).send();
    },
  );

  /** Removes a branch (its name may hold '/') of a workspace's repository, as deleteBranch does. */
  app.delete<{ Params: RepoParams & { "*": string }; Querystring: { workspaceId?: string } }>(
    "/api/beta/sandboxes/github/:owner/:repo/*",
    {
      schema: routeDoc({
        tag: "repositories",
        summary: "Removes a branch (its name may hold '/') of a workspace's repository",
        wildcard: "branch",
        querystring: workspaceBranchInput.pick({ workspaceId: true }),
      }),
    },
    async (request, reply) => {
      const body = bodyObject(request.body);
      await runRemoteCommand(
        deps,
        request.viewer,
        deleteBranchByName,
        unparsed({
          owner: request.params.owner,
          repo: request.params.repo,
          branch: request.params["*"],
          workspaceId: request.query.workspaceId ?? body.workspaceId,
        }),
      );
      return reply.status(204).send();
    },
  );
}
