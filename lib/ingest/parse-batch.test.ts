import { describe, expect, it } from "vitest";
import { fixtureFile, jsonFile, loadFixture, textFile } from "@/lib/formats/__fixtures__/load-fixture";
import { FORMAT_IDS } from "@/lib/formats/registry";
import { isIgnorable, parseBatch } from "./parse-batch";

const BAD = {
  truncated: "invalid JSON at line 1 column 62: Unterminated string",
  empty: "empty file",
  "not-an-object": `not a recognised result file (tried: ${FORMAT_IDS.join(", ")}): found a JSON array of 3 items`,
  "reward-is-a-string": "reward: expected number, received string",
  "check-without-label": "checks[0].label: missing (expected string)",
} as const;

/** Every rejection of a batch, whether a format refused the file or none claimed it. */
const refusals = (r: ReturnType<typeof parseBatch>) => [...r.rejected, ...r.unclaimed];

describe("parseBatch: each bad input alone", () => {
  it.each(Object.entries(BAD))("rejects %s.json naming the file and what is wrong", (name, error) => {
    const result = parseBatch([fixtureFile(`bad-inputs/${name}.json`)]);
    expect(result.runs).toEqual([]);
    expect(refusals(result)).toEqual([{ path: `${name}.json`, error }]);
  });

  it("stores no-required-checks.json unscored with the warning", () => {
    const result = parseBatch([fixtureFile("bad-inputs/no-required-checks.json")]);
    expect(refusals(result)).toEqual([]);
    const rollout = result.runs[0]?.rollouts[0];
    expect(rollout?.status).toBe("unscored");
    expect(rollout?.warnings.join(" ")).toContain("no required checks");
  });

  it("stores markup-in-text.json with its strings unchanged", () => {
    const result = parseBatch([fixtureFile("bad-inputs/markup-in-text.json")]);
    const rollout = result.runs[0]?.rollouts[0];
    expect(rollout?.agentOutput).toBe("<script>alert('agentOutput')</script>");
    expect(rollout?.checks[0]?.label).toBe("<img src=x onerror=alert(1)>");
  });
});

describe("parseBatch: bad inputs mixed into a folder of good files", () => {
  const files = [...loadFixture("silo-runs", "good/"), ...loadFixture("bad-inputs", "bad/")].sort((a, b) =>
    a.path < b.path ? -1 : 1,
  );
  const result = parseBatch(files, { rootName: "mixed" });

  it("rejects each bad file with its reason and still parses every good one", () => {
    expect(refusals(result).sort((a, b) => (a.path < b.path ? -1 : 1))).toEqual(
      Object.entries(BAD)
        .map(([name, error]) => ({ path: `bad/${name}.json`, error }))
        .sort((a, b) => (a.path < b.path ? -1 : 1)),
    );
    expect(result.runs).toHaveLength(1);
    const run = result.runs[0]!;
    expect(run.name).toBe("mixed");
    expect(run.rollouts).toHaveLength(10); // 8 good rollouts + no-required-checks + markup-in-text
    expect(run.rollouts.filter((r) => r.status === "unscored").map((r) => r.source.path)).toEqual([
      "bad/no-required-checks.json",
    ]);
    expect(run.tasks.map((t) => t.key)).toContain("finance/TASK-007");
  });

  it("splits the formats' rejections from files no format claimed", () => {
    expect(result.rejected.map((r) => r.path)).toEqual(["bad/check-without-label.json", "bad/reward-is-a-string.json"]);
    expect(result.unclaimed.map((r) => r.path)).toEqual([
      "bad/empty.json",
      "bad/not-an-object.json",
      "bad/truncated.json",
    ]);
  });
});

describe("parseBatch: detection", () => {
  const good = fixtureFile("real/silo/crm-TASK-001.result.json");

  it("rejects an unrecognised file naming the formats tried", () => {
    const result = parseBatch([good, textFile("notes.txt", "hello"), jsonFile("config.json", { model: "x" })]);
    expect(result.runs[0]?.rollouts).toHaveLength(1);
    expect(result.rejected).toEqual([]);
    expect(result.unclaimed).toEqual([
      {
        path: "config.json",
        error: `not a recognised result file (tried: ${FORMAT_IDS.join(", ")}): found a JSON object with keys model`,
      },
      { path: "notes.txt", error: `not a recognised result file (tried: ${FORMAT_IDS.join(", ")})` },
    ]);
  });

  it("skips dotfiles, READMEs and dot-folders other than .silo, listing them", () => {
    const files = [
      good,
      textFile(".DS_Store", "\u0000"),
      textFile("README.md", "# runs"),
      textFile("docs/notes.md", "x"),
      textFile(".git/HEAD", "ref"),
      textFile("__MACOSX/._x.json", "x"),
      ...loadFixture("silo-runs"),
    ];
    const result = parseBatch(files);
    expect(result.skipped).toEqual([".DS_Store", ".git/HEAD", "README.md", "__MACOSX/._x.json", "docs/notes.md"]);
    expect([...result.rejected, ...result.unclaimed]).toEqual([]);
    expect(result.runs[0]?.rollouts).toHaveLength(9);
  });

  it("--format forces one module for every file", () => {
    const result = parseBatch([good, jsonFile("config.json", { model: "x" })], { format: "silo" });
    expect(result.unclaimed).toEqual([]);
    expect(result.rejected).toEqual([
      {
        path: "config.json",
        error:
          "passed: missing (expected boolean); reward: missing (expected number); checks: missing (expected array)",
      },
    ]);
    expect(result.runs[0]?.rollouts).toHaveLength(1);
  });

  it("with a forced format, rejects a file of another format with that format's reason, without throwing", () => {
    const result = parseBatch([good], { format: "tau-bench" });
    expect(result.runs).toEqual([]);
    expect(result.rejected[0]?.path).toBe(good.path);
  });

  it("passes run options through to the format", () => {
    const result = parseBatch([good], { runName: "baseline", agent: "a", model: "m" });
    expect(result.runs[0]).toMatchObject({ name: "baseline", agent: "a", model: "m" });
  });

  it("returns an empty result for an empty batch", () => {
    expect(parseBatch([])).toEqual({ runs: [], rejected: [], unclaimed: [], skipped: [], warnings: [] });
  });

  it("does not throw on arbitrary bytes", () => {
    const junk = [
      { path: "result.json", bytes: new Uint8Array([0xff, 0x00, 0x13]) },
      { path: "a.result.json", bytes: new TextEncoder().encode("null") },
      { path: "x/run.json", bytes: new TextEncoder().encode("[]") },
      { path: "tasks.json", bytes: new TextEncoder().encode("{") },
    ];
    const result = parseBatch(junk);
    expect(result.runs).toEqual([]);
    expect(
      refusals(result)
        .map((r) => r.path)
        .sort(),
    ).toEqual(["a.result.json", "result.json", "tasks.json", "x/run.json"]);
    expect(result.rejected.find((r) => r.path === "result.json")?.error).toMatch(/not UTF-8/);
  });
});

describe("isIgnorable", () => {
  it.each([
    [".DS_Store", true],
    ["a/.hidden.json", true],
    ["README", true],
    ["readme.txt", true],
    ["Thumbs.db", true],
    [".silo/runs/run_1/result.json", false],
    ["a/result.json", false],
    ["trace.jsonl", false],
  ])("%s -> %s", (path, ignorable) => {
    expect(isIgnorable(path)).toBe(ignorable);
  });
});
