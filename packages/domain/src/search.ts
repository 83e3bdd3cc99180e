/**
 * Dashboard search (spec 1 §5, api-contract §11): which sandbox fields match a query, how fuzzy
 * each may be, and how much each counts in the ranking.
 *
 * The spec's thresholds are Fuse-style: 0 matches only exactly, 1 matches anything; Fuse lets a
 * pattern of n characters carry about `threshold × n` errors. The server matches with PostgreSQL
 * trigrams (pg_trgm), whose scores run the other way (1 identical, 0 nothing in common), and one
 * typo changes up to three trigrams. The mapping is `minimumSimilarity = 1 - 2 × threshold`:
 *
 * | field | Fuse threshold | minimum trigram similarity | measured examples |
 * |---|---|---|---|
 * | title | 0.2 | 0.6 | 'reactt' in 'React starter' 0.71 ✔, 'dashbord' in 'Admin dashboard' 0.67 ✔ |
 * | description | 0.3 | 0.4 | |
 * | alias | 0.3 | 0.4 | |
 * | source template | 0.4 | 0.2 | 'react' ~ 'preact' 0.44 ✔ |
 * | id | exact | exact | |
 *
 * title, description and alias use `word_similarity(query, field)` (the best-matching extent of
 * the field, like Fuse finding the pattern anywhere in the text); the source template is a short
 * whole name, compared with `similarity(query, template)`. Folders match on their path with the
 * title's rule.
 */
export type SearchField = "title" | "description" | "alias" | "sourceTemplate" | "id";

export type SearchRule = {
  field: SearchField;
  /** Fuse threshold from the spec; null means exact only. */
  threshold: number | null;
  weight: number;
};

export const SEARCH_RULES: readonly SearchRule[] = [
  { field: "title", threshold: 0.2, weight: 0.4 },
  { field: "description", threshold: 0.3, weight: 0.2 },
  { field: "alias", threshold: 0.3, weight: 0.2 },
  { field: "sourceTemplate", threshold: 0.4, weight: 0.1 },
  { field: "id", threshold: null, weight: 0.1 },
];

/** Results per kind a search answers at most. */
export const SEARCH_RESULT_LIMIT = 50;
/** Longest query accepted (characters). */
export const SEARCH_QUERY_MAX = 200;

/** The least trigram similarity that counts as a match for a Fuse threshold (null: exact only, 1). */
export function minimumSimilarity(threshold: number | null): number {
  if (threshold === null) return 1;
  return Math.round(Math.max(0, Math.min(1, 1 - 2 * threshold)) * 100) / 100;
}

export function searchRule(field: SearchField): SearchRule {
  const rule = SEARCH_RULES.find((r) => r.field === field);
  if (!rule) throw new Error(`no search rule for ${field}`);
  return rule;
}

/**
 * The ranking score of one sandbox: the sum of each field's weight times its similarity, counting
 * only fields whose similarity reaches their minimum (the id counts only when equal). The SQL
 * search computes the same sum; this is its reference.
 */
export function searchScore(similarities: Partial<Record<SearchField, number>>): number {
  let score = 0;
  for (const rule of SEARCH_RULES) {
    const s = similarities[rule.field] ?? 0;
    if (s > 0 && s >= minimumSimilarity(rule.threshold)) score += rule.weight * s;
  }
  return score;
}
