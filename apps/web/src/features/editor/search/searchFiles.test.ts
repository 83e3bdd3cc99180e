import { describe, expect, it } from "vitest";
import { searchFiles, searchPattern } from "./searchFiles.ts";

const files = [
  { shortid: "a", text: "const sky = 'blue';\nconst Sky = 'grey';\n" },
  { shortid: "b", text: "no match here\n\nskyline\n" },
];

const find = (query: string, options = {}) => {
  const pattern = searchPattern(query, { caseSensitive: false, wholeWord: false, regexp: false, ...options });
  if (typeof pattern === "string") return pattern;
  return searchFiles(files, pattern).matches.map(
    (m) => `${m.shortid}:${m.line}:${m.column}:${m.lineText.slice(m.column, m.column + m.length)}`,
  );
};

describe("find across files", () => {
  it("finds every match with its file, line and column; case, whole word and regular expressions are options", () => {
    expect(find("sky")).toEqual(["a:1:6:sky", "a:2:6:Sky", "b:3:0:sky"]);
    expect(find("sky", { caseSensitive: true })).toEqual(["a:1:6:sky", "b:3:0:sky"]);
    expect(find("sky", { wholeWord: true })).toEqual(["a:1:6:sky", "a:2:6:Sky"]);
    expect(find("'(\\w+)'", { regexp: true })).toEqual(["a:1:12:'blue'", "a:2:12:'grey'"]);
    expect(find("a.b")).toEqual([]);
    expect(find("(", { regexp: true })).toMatch(/Invalid|Unterminated|missing/i);
  });
});
