import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { missingDocPaths, slug } from "./check-doc-paths.mjs";

const script = fileURLToPath(new URL("check-doc-paths.mjs", import.meta.url));
const repository = fileURLToPath(new URL("..", import.meta.url));
const trees: string[] = [];
afterEach(() => {
  for (const dir of trees.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A throwaway repository holding the given files. */
function tree(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "tally-doc-paths-"));
  trees.push(root);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

const code = {
  "lib/store/store.ts": "export {};\n",
  "lib/formats/silo.ts": "export {};\n",
  "docs/scoring.md": "# Scoring\n\n## Comparing two runs\n",
};

describe("check-doc-paths", () => {
  it("passes when every path a page names exists, whatever follows it", () => {
    const root = tree({
      ...code,
      "README.md": [
        "See `lib/store/store.ts` (`Store`), `lib/store/store.ts:12`, `lib/formats/silo.ts(files)`.",
        "Formats live in `lib/formats/<format>.ts`; tests are `lib/**/*.test.ts`.",
        "[the gate](docs/scoring.md#comparing-two-runs), [home](https://example.com/lib/nothing.ts), `npm test`.",
        "```",
        "lib/store/   persistence",
        "```",
      ].join("\n"),
      "docs/architecture.md": "[scoring](scoring.md) and [back](#architecture)\n\n# Architecture\n",
    });
    expect(missingDocPaths(root)).toEqual([]);
    expect(spawnSync(process.execPath, [script, root], { encoding: "utf8" }).status).toBe(0);
  });

  it("fails on a planted path that does not exist, a missing heading and a missing relative page", () => {
    const root = tree({
      ...code,
      "README.md": "One path: `lib/store/gone.ts`, then [a heading](docs/scoring.md#no-such-heading).\n",
      "docs/architecture.md": "# A\n\nSee [formats](formats.md), `components/run/run-first-screen.ts` and [x](#b).\n",
    });
    expect(missingDocPaths(root)).toEqual([
      { page: "README.md", line: 1, path: "lib/store/gone.ts" },
      { page: "README.md", line: 1, path: "docs/scoring.md#no-such-heading" },
      { page: "docs/architecture.md", line: 3, path: "components/run/run-first-screen.ts" },
      { page: "docs/architecture.md", line: 3, path: "docs/formats.md" },
      { page: "docs/architecture.md", line: 3, path: "#b" },
    ]);
    const result = spawnSync(process.execPath, [script, root], { encoding: "utf8" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("README.md:1: names lib/store/gone.ts, which does not exist");
  });

  it("checks a placeholder's folder", () => {
    const root = tree({ ...code, "README.md": "`lib/gone/<format>.ts`\n" });
    expect(missingDocPaths(root)).toEqual([{ page: "README.md", line: 1, path: "lib/gone/<format>.ts" }]);
  });

  it("makes GitHub's anchors", () => {
    expect(slug("Comparing two runs")).toBe("comparing-two-runs");
    expect(slug("`tally compare` and the gate: A/B")).toBe("tally-compare-and-the-gate-ab");
  });

  it("finds nothing missing in this repository", () => {
    expect(missingDocPaths(repository)).toEqual([]);
  });
});
