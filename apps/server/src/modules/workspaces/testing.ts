/** Test helpers of the workspaces module: the role matrix every admin operation is checked against. */
import { WORKSPACE_MESSAGES } from "@boxyard/domain";
import { expect } from "vitest";
import type { TestApp } from "../../../test/app.ts";
import { type gql, type Personas, setFrozen, type TestUser } from "../../../test/factories.ts";

export type GqlResult = Awaited<ReturnType<typeof gql>>;

/** Answers the first error's code and message, or "OK". */
export function outcome(result: GqlResult) {
  const error = result.errors?.[0];
  return error ? { code: error.extensions?.code, message: error.message } : "OK";
}

/**
 * A non-member is told the workspace does not exist, READ and WRITE members are refused as not
 * admins; `run` must change nothing for them (the caller checks the state afterwards).
 */
export async function expectOnlyAdmins(p: Personas, run: (user: TestUser) => Promise<GqlResult>) {
  expect(outcome(await run(p.outsider))).toEqual({ code: "NOT_FOUND", message: WORKSPACE_MESSAGES.notFound });
  for (const user of [p.reader, p.writer]) {
    expect(outcome(await run(user))).toEqual({
      code: "FORBIDDEN",
      message: "Only workspace admins can do that.",
    });
  }
}

/** Runs `run` while the personas' workspace is frozen, then unfreezes it. */
export async function whileFrozen<T>(app: TestApp, p: Personas, run: () => Promise<T>): Promise<T> {
  await setFrozen(app, p.workspaceId, true);
  try {
    return await run();
  } finally {
    await setFrozen(app, p.workspaceId, false);
  }
}
