import { CODEHOST_MESSAGES, hasTeamAuthorization, type TeamMemberAuthorization } from "@boxyard/domain";
import { type AppError, forbidden, notFound } from "../../http/errors.ts";
import { type Membership, WORKSPACE_FROZEN } from "../workspaces/workspace.policy.ts";

/**
 * Who may do what with a workspace's repositories (spec 1 §6, spec 2 §6). Any member sees them
 * and opens branches. Importing, forking, creating branches and choosing a VM tier need WRITE and
 * an unfrozen workspace (a frozen one stops new work and spending). Removing a branch or a
 * repository needs WRITE and stays possible while frozen: it adds nothing.
 */
export const PROJECT_RULES = {
  read: { need: "READ", frozen: "allowed", refusal: "" },
  import: { need: "WRITE", frozen: "refused", refusal: CODEHOST_MESSAGES.viewerCannotImport },
  createBranch: { need: "WRITE", frozen: "refused", refusal: CODEHOST_MESSAGES.viewerCannotBranch },
  configure: { need: "WRITE", frozen: "refused", refusal: CODEHOST_MESSAGES.viewerCannotImport },
  removeBranch: { need: "WRITE", frozen: "allowed", refusal: CODEHOST_MESSAGES.viewerCannotBranch },
  remove: { need: "WRITE", frozen: "allowed", refusal: CODEHOST_MESSAGES.viewerCannotRemove },
} as const satisfies Record<
  string,
  { need: TeamMemberAuthorization; frozen: "allowed" | "refused"; refusal: string }
>;

export type ProjectAction = keyof typeof PROJECT_RULES;

const FROZEN_MESSAGE: Partial<Record<ProjectAction, string>> = {
  import: CODEHOST_MESSAGES.frozenImport,
  createBranch: CODEHOST_MESSAGES.frozenBranch,
};

/**
 * Why the member may not do `action`, or null. A non-member gets `missing` (the same answer as
 * for a repository or branch that does not exist).
 */
export function projectProblem(
  membership: Membership | null,
  action: ProjectAction,
  missing: string,
): AppError | null {
  if (!membership) return notFound(missing);
  const rule = PROJECT_RULES[action];
  if (!hasTeamAuthorization(membership.authorization, rule.need)) return forbidden(rule.refusal);
  if (rule.frozen === "refused" && membership.frozen)
    return forbidden(FROZEN_MESSAGE[action] ?? WORKSPACE_FROZEN);
  return null;
}

export function authorizeProject(
  membership: Membership | null,
  action: ProjectAction,
  missing: string,
): Membership {
  const problem = projectProblem(membership, action, missing);
  if (problem) throw problem;
  return membership!;
}
