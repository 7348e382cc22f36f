import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fixturePath } from "@/lib/formats/__fixtures__/load-fixture";
import { ROOT as root, cliOnTempDatabase } from "./cli-test-kit";
import type { SavedScenario } from "@/lib/store/records";

const { dir, tally } = cliOnTempDatabase("scenarios");

function ok(...args: string[]): string {
  const res = tally(...args);
  expect(res.status, `${args.join(" ")}: ${res.stderr}`).toBe(0);
  return res.stdout;
}

const list = () => (JSON.parse(ok("scenarios", "list", "--json")) as { scenarios: SavedScenario[] }).scenarios;
const flipFile = path.join(root, "lib/cli/__fixtures__/flip-a-r1.scenario.json");
const FLIP = JSON.parse(fs.readFileSync(flipFile, "utf8")) as unknown;

// Each command is a process of its own (the first also builds the CLI bundle when a source changed).
describe("tally scenarios", { timeout: 120_000 }, () => {
  it("saves, lists, renames, declares, exports, imports and deletes named scenarios", () => {
    expect(ok("scenarios", "list")).toContain("No scenarios saved.");
    expect(ok("scenarios", "save", "flip A", flipFile, "--description", "grader wrong on A-r1")).toContain(
      'Saved scenario "flip A": g1/A C2 counted as passed in rollout A-r1',
    );
    const taken = tally("scenarios", "save", "flip A", flipFile);
    expect(taken.status).toBe(1);
    expect(taken.stderr).toContain('a scenario named "flip A" already exists');
    expect(list()).toEqual([
      expect.objectContaining({ name: "flip A", description: "grader wrong on A-r1", scenario: FLIP, declared: false }),
    ]);

    expect(ok("scenarios", "rename", "flip A", "team")).toContain('Renamed scenario "flip A" → "team"');
    expect(ok("scenarios", "declare", "team")).toContain('"team" is the declared scenario');
    expect(ok("scenarios", "list")).toContain("team (declared)  g1/A C2 counted as passed");
    const exported = path.join(dir, "exported.json");
    fs.writeFileSync(exported, ok("scenarios", "export", "team"));
    expect(JSON.parse(fs.readFileSync(exported, "utf8"))).toEqual(FLIP);
    ok("scenarios", "import", exported);
    expect(list().map((s) => [s.name, s.declared])).toEqual([
      ["exported", false],
      ["team", true],
    ]);
    ok("scenarios", "declare", "exported");
    expect(
      list()
        .filter((s) => s.declared)
        .map((s) => s.name),
    ).toEqual(["exported"]);

    const bad = path.join(dir, "bad.json");
    fs.writeFileSync(bad, JSON.stringify({ unscored: "maybe" }));
    const refused = tally("scenarios", "import", bad);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain("unscored");

    expect(ok("scenarios", "delete", "exported")).toContain('Deleted scenario "exported"');
    expect(tally("scenarios", "delete", "exported").status).toBe(1);
    expect(list().map((s) => s.name)).toEqual(["team"]);
  });

  it("gives tally score --scenario a saved name when no file has it, the same report as the file", () => {
    const suite = fixturePath("silo-runs");
    const byFile = JSON.parse(ok("score", suite, "--scenario", flipFile, "--json")) as unknown;
    const byName = JSON.parse(ok("score", suite, "--scenario", "team", "--json")) as unknown;
    expect(byName).toEqual(byFile);
    expect(byName).not.toEqual(JSON.parse(ok("score", suite, "--json")));
    const unknown = tally("score", suite, "--scenario", "nope");
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("no such file, and no saved scenario by that name");
  });
});
