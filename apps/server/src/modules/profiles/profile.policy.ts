import { ACCOUNT_MESSAGES, canFeature } from "@boxyard/domain";
import { type AppError, forbidden, invalid } from "../../http/errors.ts";

/** Who looks at a profile: its owner sees their private sandboxes too (the PRIVATE selection kind). */
export type ProfileViewer = { viewerId: string | null; ownerId: string };
export const isOwner = (v: ProfileViewer) => v.viewerId !== null && v.viewerId === v.ownerId;

/** Only the owner edits pins and the showcase (spec 1 §6). */
export function editProblem(viewer: ProfileViewer): AppError | null {
  return isOwner(viewer) ? null : forbidden(ACCOUNT_MESSAGES.profileOwnerOnly);
}

/** The subject of a pin: its author and whether anyone may see it on a profile. */
export type PinSubject = {
  id: string;
  authorId: string | null;
  privacy: number;
  collectionId: string | null;
  removedAt: Date | null;
};

/** Only the owner's public sandboxes (not drafts, not deleted) can be featured or showcased (spec 2 §5). */
export function featurable(ownerId: string, s: PinSubject): boolean {
  return (
    s.authorId === ownerId &&
    canFeature({ privacy: s.privacy, draft: s.collectionId === null, removedAt: s.removedAt })
  );
}

export function pinProblem(ownerId: string, s: PinSubject | undefined, field: string): AppError | null {
  return s && featurable(ownerId, s) ? null : invalid(ACCOUNT_MESSAGES.onlyPublicFeatured, field);
}
