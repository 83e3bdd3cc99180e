import { describe, expect, it } from "vitest";
import { readManifest, withDependency, withoutDependency } from "./packageJson.ts";

const MANIFEST = `{
  "name": "react-app",
  "private": true,
  "dependencies": {
    "react": "^18.2.0",
    "react-dom": "^18.2.0"
  },
  "devDependencies": {
    "vite": "~5.1.0"
  }
}
`;

describe("package.json (issue 16, dependencies)", () => {
  it("issue 16 / lists dependencies and dev dependencies with their ranges", () => {
    const reading = readManifest(MANIFEST);
    expect(reading).toMatchObject({
      ok: true,
      dependencies: [
        { name: "react", range: "^18.2.0", kind: "dependencies" },
        { name: "react-dom", range: "^18.2.0", kind: "dependencies" },
        { name: "vite", range: "~5.1.0", kind: "devDependencies" },
      ],
    });
  });

  it("issue 16, bad input / a package.json that is not JSON is refused with a clear error, not rewritten", () => {
    const broken = '{ "dependencies": { "react": "^18.2.0", }';
    const reading = readManifest(broken);
    expect(reading.ok).toBe(false);
    expect(!reading.ok && reading.error).toMatch(/^package\.json is not valid JSON: /);
    expect(withDependency(broken, { name: "lodash", range: "^4.17.21", kind: "dependencies" }).ok).toBe(
      false,
    );
    expect(withoutDependency(broken, { name: "react", kind: "dependencies" }).ok).toBe(false);
  });

  it("issue 16, bad input / refuses a manifest that is not an object or has ranges that are not strings", () => {
    expect(readManifest("[1, 2]")).toEqual({ ok: false, error: "package.json must hold a JSON object." });
    expect(readManifest('{"dependencies": ["react"]}')).toEqual({
      ok: false,
      error: '"dependencies" in package.json must be an object.',
    });
    expect(readManifest('{"dependencies": {"react": 18}}')).toEqual({
      ok: false,
      error: 'The version of "react" in package.json must be a string.',
    });
  });

  it("issue 16 / adds a dependency in npm's order and keeps the rest of the file as it was", () => {
    const added = withDependency(MANIFEST, { name: "lodash", range: "^4.17.21", kind: "dependencies" });
    expect(added).toEqual({
      ok: true,
      text: `{
  "name": "react-app",
  "private": true,
  "dependencies": {
    "lodash": "^4.17.21",
    "react": "^18.2.0",
    "react-dom": "^18.2.0"
  },
  "devDependencies": {
    "vite": "~5.1.0"
  }
}
`,
    });
  });

  it("issue 16 / keeps the file's indentation and creates the group it lacks", () => {
    const tabbed = '{\n\t"name": "x"\n}';
    const added = withDependency(tabbed, { name: "vitest", range: "^1.0.0", kind: "devDependencies" });
    expect(added).toEqual({
      ok: true,
      text: '{\n\t"name": "x",\n\t"devDependencies": {\n\t\t"vitest": "^1.0.0"\n\t}\n}',
    });
  });

  it("issue 16 / a package added as a dev dependency leaves the dependencies (one group per package)", () => {
    const moved = withDependency(MANIFEST, { name: "react-dom", range: "^19.0.0", kind: "devDependencies" });
    expect(moved.ok && readManifest(moved.text)).toMatchObject({
      dependencies: [
        { name: "react", range: "^18.2.0", kind: "dependencies" },
        { name: "react-dom", range: "^19.0.0", kind: "devDependencies" },
        { name: "vite", range: "~5.1.0", kind: "devDependencies" },
      ],
    });
  });

  it("issue 16 / removes one dependency and nothing else", () => {
    const removed = withoutDependency(MANIFEST, { name: "react-dom", kind: "dependencies" });
    expect(removed).toEqual({ ok: true, text: MANIFEST.replace(',\n    "react-dom": "^18.2.0"', "") });
    expect(withoutDependency(MANIFEST, { name: "vue", kind: "dependencies" })).toEqual({
      ok: true,
      text: MANIFEST,
    });
  });
});
