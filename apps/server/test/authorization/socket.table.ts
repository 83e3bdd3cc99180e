/**
 * Expected answers of every live-socket topic (`parseTopic`'s kinds), by persona: `data` a joined
 * topic, `notFound` 'room not found', `unauthenticated` a socket closed for want of a token.
 */
import type { Topic } from "@boxyard/domain";
import { type Cells, cells } from "./outcomes.ts";

export type SocketRow = { topic: string; expect: Cells; note?: string };

// Typed by kind: a new kind of topic does not compile without its rows.
export const SOCKET_ROWS: Record<Topic["kind"], SocketRow[]> = {
  notification: [
    { topic: "notification:{me}", expect: cells({ others: "data", signedOut: "unauthenticated" }) },
    {
      topic: "notification:{adminId}",
      expect: cells({ others: "notFound", signedOut: "unauthenticated", admin: "data" }),
      note: "another user's notifications",
    },
  ],
  workspace: [
    {
      topic: "workspace:{team}",
      expect: cells({ others: "data", signedOut: "unauthenticated", outsider: "notFound" }),
    },
    {
      topic: "workspace:{mainTeam}",
      expect: cells({
        others: "data",
        signedOut: "unauthenticated",
        outsider: "notFound",
        frozen: "notFound",
      }),
      note: "the main workspace, for the frozen workspace's admin too",
    },
  ],
  sandbox: [
    {
      topic: "sandbox:{publicSandbox}",
      expect: cells({ others: "data", signedOut: "unauthenticated" }),
      note: "issue 15: whoever may read the sandbox follows its files and presence",
    },
    {
      topic: "sandbox:{privateSandbox}",
      expect: cells({ others: "data", signedOut: "unauthenticated", outsider: "notFound" }),
    },
    {
      topic: "sandbox:{sharedSandbox}",
      expect: cells({ others: "data", signedOut: "unauthenticated" }),
      note: "shared with the outsider",
    },
    {
      topic: "sandbox:{draft}",
      expect: cells({ others: "notFound", signedOut: "unauthenticated", writer: "data", frozen: "data" }),
      note: "its author's",
    },
    {
      topic: "sandbox:{unlistedSandbox}x",
      expect: cells({ others: "notFound", signedOut: "unauthenticated" }),
      note: "no such sandbox",
    },
  ],
};
