/**
 * Quick open's matching: the letters typed appear in the path in order. Matches in the file name,
 * at the start of a word and in a row score higher; shorter paths win ties.
 */
export function fuzzyScore(query: string, path: string): number | null {
  const q = query.toLowerCase().replace(/\s+/g, "");
  if (q === "") return 0;
  const p = path.toLowerCase();
  const nameStart = p.lastIndexOf("/") + 1;
  let score = 0;
  let at = 0;
  let previous = -2;
  for (const char of q) {
    const found = p.indexOf(char, at);
    if (found < 0) return null;
    if (found === previous + 1) score += 5;
    if (found >= nameStart) score += 3;
    if (found === 0 || "/._- ".includes(p[found - 1]!)) score += 4;
    previous = found;
    at = found + 1;
  }
  return score - p.length / 100;
}

/** The paths matching a query, best first. */
export function rankPaths<T extends { path: string }>(items: readonly T[], query: string, limit = 50): T[] {
  const scored: { item: T; score: number }[] = [];
  for (const item of items) {
    const score = fuzzyScore(query, item.path);
    if (score !== null) scored.push({ item, score });
  }
  scored.sort((a, b) => b.score - a.score || a.item.path.localeCompare(b.item.path));
  return scored.slice(0, limit).map((s) => s.item);
}
