/** One place a search found: the file, its line (from 1), and the match's offsets in the file and the line. */
export type SearchMatch = {
  shortid: string;
  line: number;
  lineText: string;
  /** Offsets of the match in the whole file. */
  from: number;
  to: number;
  /** Offsets of the match in `lineText`. */
  column: number;
  length: number;
};

export type SearchOptions = { caseSensitive: boolean; wholeWord: boolean; regexp: boolean };

export const MAX_MATCHES = 2000;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The query as a regular expression, or the reason it is not one. */
export function searchPattern(query: string, options: SearchOptions): RegExp | string {
  let source = options.regexp ? query : escapeRegExp(query);
  if (options.wholeWord) source = `\\b(?:${source})\\b`;
  try {
    return new RegExp(source, options.caseSensitive ? "gu" : "giu");
  } catch (error) {
    return error instanceof Error ? error.message : "Invalid regular expression";
  }
}

/**
 * Finds the query in the text of every file, in order, up to MAX_MATCHES. Empty matches (a
 * pattern that matches nothing, like `a*`) are skipped.
 */
export function searchFiles(
  files: readonly { shortid: string; text: string }[],
  pattern: RegExp,
): { matches: SearchMatch[]; truncated: boolean } {
  const matches: SearchMatch[] = [];
  for (const file of files) {
    const text = file.text;
    pattern.lastIndex = 0;
    let lineStart = 0;
    let line = 1;
    for (let found = pattern.exec(text); found; found = pattern.exec(text)) {
      if (found[0].length === 0) {
        pattern.lastIndex++;
        continue;
      }
      // Lines are counted once over the text, however many matches it has.
      for (
        let nl = text.indexOf("\n", lineStart);
        nl !== -1 && nl < found.index;
        nl = text.indexOf("\n", nl + 1)
      ) {
        line++;
        lineStart = nl + 1;
      }
      const lineEnd = text.indexOf("\n", found.index);
      matches.push({
        shortid: file.shortid,
        line,
        lineText: text.slice(lineStart, lineEnd === -1 ? text.length : lineEnd),
        from: found.index,
        to: found.index + found[0].length,
        column: found.index - lineStart,
        length: found[0].length,
      });
      if (matches.length >= MAX_MATCHES) return { matches, truncated: true };
    }
  }
  return { matches, truncated: false };
}
