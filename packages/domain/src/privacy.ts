/** Sandbox privacy (spec 2 §4): 0 public, 1 unlisted, 2 private. */
export const PRIVACY = { PUBLIC: 0, UNLISTED: 1, PRIVATE: 2 } as const;
export type Privacy = 0 | 1 | 2;
export const DEFAULT_PRIVACY: Privacy = 2;

export function isPrivacy(value: unknown): value is Privacy {
  return value === 0 || value === 1 || value === 2;
}

/** The larger of the requested (or default) privacy and the workspace minimum. */
export function effectivePrivacy(requested: Privacy | null | undefined, minimumPrivacy: number): Privacy {
  return Math.max(requested ?? DEFAULT_PRIVACY, minimumPrivacy) as Privacy;
}

/** Privacy from a URL query ('public', 'unlisted', 'private'), or null. */
export function privacyFromQuery(value: string | null | undefined): Privacy | null {
  const index = ["public", "unlisted", "private"].indexOf((value ?? "").toLowerCase());
  return index === -1 ? null : (index as Privacy);
}
