import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { compareRunFiles, type Variant } from "@/e2e/compare-runs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const bin = path.join(root, "lib/cli/bin.mjs");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tally-cli-compare-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The Silo files of one variant of e2e/compare-runs.ts, written to a folder. */
function runFolder(variant: Variant): string {
  const folder = path.join(dir, `v-${variant}`);
  for (const f of compareRunFiles(variant)) {
    fs.mkdirSync(path.dirname(path.join(folder, f.path)), { recursive: true });
    fs.writeFileSync(path.join(folder, f.path), f.content);
  }
  return folder;
}

// A database of the test's own (empty), for an operand that is not a path.
const tally = (...args: string[]) =>
  spawnSync(process.execPath, [bin, "compare", ...args], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: `file:${path.join(dir, "none", "tally.db")}` },
  });

describe("tally compare (through lib/compare's resolver)", () => {
  const a = runFolder("a");
  const b = runFolder("b");

  it("compares B with A, the first operand, as GET /api/compare does", () => {
    const res = tally(a, b, "--json");
    expect(res.status, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({
      a: { id: null, name: "v-a" },
      b: { id: null, name: "v-b" },
      common: 18,
      onlyA: 1,
      onlyB: 1,
      flips: { passToFail: 3, failToPass: 5 },
      regression: true,
    });
    expect(tally(a, b, "--fail-on-regression").status).toBe(1);
  });

  it("refuses the same run twice, and names an operand that is neither a path nor a run", () => {
    const same = tally(a, a);
    expect(same.status).toBe(2);
    expect(same.stderr).toContain("give two different runs");
    const unknown = tally("no-such-run", a);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain(`"no-such-run" is neither a path nor a stored run's id or name`);
  });

  it(
    "finds a stored run by its name when one run has it, and names the ids when several do",
    { timeout: 120_000 },
    () => {
      const db = `file:${path.join(dir, "named", "tally.db")}`;
      const cli = (...args: string[]) =>
        spawnSync(process.execPath, [bin, ...args], {
          cwd: root,
          encoding: "utf8",
          env: { ...process.env, DATABASE_URL: db, TALLY_DEMO: "0" },
        });
      expect(cli("ingest", a, "--run", "before").status).toBe(0);
      expect(cli("ingest", b, "--run", "after").status).toBe(0);
      const byName = cli("compare", "before", "after", "--json");
      expect(byName.status, byName.stderr).toBe(0);
      const ids = (JSON.parse(cli("runs", "list", "--json").stdout) as { runs: { id: string; name: string }[] }).runs;
      const idOf = (name: string) => ids.find((r) => r.name === name)!.id;
      expect(JSON.parse(byName.stdout)).toMatchObject({
        a: { id: idOf("before"), name: "before" },
        b: { id: idOf("after"), name: "after" },
        common: 18,
      });
      // A file operand and a stored one by name mix.
      expect(cli("compare", a, "after", "--json").status).toBe(0);

      expect(cli("runs", "rename", "after", "before").status).toBe(0);
      const ambiguous = cli("compare", "before", a);
      expect(ambiguous.status).toBe(2);
      expect(ambiguous.stderr).toContain('2 runs are named "before": give one of their ids');
      expect(ambiguous.stderr).toContain(idOf("before"));
      expect(ambiguous.stderr).toContain(idOf("after"));
    },
  );

  it("--metric reward adds the reward's paired difference to the text; an unknown metric is refused", () => {
    const plain = tally(a, b);
    const reward = tally(a, b, "--metric", "reward");
    expect(reward.status, reward.stderr).toBe(0);
    expect(plain.stdout).not.toMatch(/^ {2}reward \(/m);
    expect(reward.stdout).toMatch(/^ {2}reward \(task\): \d\.\d{3} → \d\.\d{3} {2}[+−]\d\.\d{3} {2}95% CI /m);
    expect(JSON.parse(tally(a, b, "--metric", "reward", "--json").stdout)).toMatchObject({ taskMetric: "reward" });

    const bogus = tally(a, b, "--metric", "bogus");
    expect(bogus.status).toBe(2);
    expect(bogus.stderr).toContain('unknown metric "bogus": these runs have');
    expect(bogus.stderr).toContain("completion");
  });

  it("--help names the headline metric the output shows", () => {
    const help = tally("--help");
    expect(help.stdout).toContain("The headline is the runs' headline metric (correctness when they have checks");
  });
});
