import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { compareRunFiles, TASKS, type Variant } from "@/e2e/compare-runs";
import { AS_RECORDED, UNDER_SCENARIO, WITH_LINKS } from "./__fixtures__/compare-expected";
import type { Scenario } from "@/lib/scoring/scenario/scenario";
import type { CompareBody } from "@/lib/api/compare-body";
import { harborJobFiles, unevenEval } from "@/lib/formats/__fixtures__/harbor-job-generator";
import { compareMarkdown } from "./compare-markdown";
import { PARTIAL_EFFORT_EVAL } from "@/lib/formats/__fixtures__/partial-effort-job";
import type { InputFile } from "@/lib/formats/types";

const root = fileURLToPath(new URL("../..", import.meta.url));
const bin = path.join(root, "lib/cli/bin.mjs");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tally-cli-compare-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The Silo files of one variant of e2e/compare-runs.ts, written to a folder (`keep`: only the files it keeps). */
function runFolder(variant: Variant, name = `v-${variant}`, keep: (file: string) => boolean = () => true): string {
  const folder = path.join(dir, name);
  for (const f of compareRunFiles(variant).filter((f) => keep(f.path))) {
    fs.mkdirSync(path.dirname(path.join(folder, f.path)), { recursive: true });
    fs.writeFileSync(path.join(folder, f.path), f.content);
  }
  return folder;
}

// A database of the test's own (empty), for an operand that is not a path.
const cli = (command: string, ...args: string[]) =>
  spawnSync(process.execPath, [bin, command, ...args], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: `file:${path.join(dir, "none", "tally.db")}` },
  });
const tally = (...args: string[]) => cli("compare", ...args);
/** For tests that start the CLI four times or more: each start is a separate Node process. */
const SEVERAL_RUNS = { timeout: 120_000 };

/** Files written under a folder of the test's own. */
function filesFolder(name: string, files: readonly InputFile[]): string {
  const folder = path.join(dir, name);
  for (const f of files) {
    fs.mkdirSync(path.dirname(path.join(folder, f.path)), { recursive: true });
    fs.writeFileSync(path.join(folder, f.path), f.bytes);
  }
  return folder;
}

function scenarioFile(name: string, scenario: Scenario): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify(scenario));
  return file;
}

/** One generated Harbor job (85 tasks × 5 trials) written to a folder: the shape of a real job with few reports. */
function harborJob(name: string, spec: Parameters<typeof unevenEval>[0]): string {
  filesFolder(".", harborJobFiles([unevenEval(spec)], name));
  return path.join(dir, name);
}

describe("the regression gate on a candidate far ahead with a few pass->fail flips", () => {
  const baseline = harborJob("terminus-2", {
    agent: "terminus-2",
    model: "m",
    seed: 3,
    skill: 0,
    reportTasks: [3, 17, 40],
  });
  const candidate = harborJob("codex", { agent: "codex", model: "m", seed: 4, skill: 0.2, reportTasks: [3, 17, 40] });

  it("passes the candidate (exit 0, no regression) and fails the swapped comparison (exit 1)", SEVERAL_RUNS, () => {
    const ahead = tally(baseline, candidate, "--json");
    expect(ahead.status, ahead.stderr).toBe(0);
    const body = JSON.parse(ahead.stdout) as CompareBody;
    // Completion heads both runs: correctness is graded on 3 of their 85 tasks.
    expect(body.headline.metric).toBe("completion");
    expect(body.headline.ci95![0]).toBeGreaterThan(0);
    expect(body.flips).toMatchObject({ passToFail: 3, failToPass: 14 });
    expect(body.gate).toEqual({ regression: false, strict: true, intervalBelow: false, flipsAgainst: false });
    expect(tally(baseline, candidate, "--fail-on-regression").status).toBe(0);
    expect(tally(baseline, candidate, "--fail-on-flip").status).toBe(1);

    const behind = tally(candidate, baseline, "--markdown", "--fail-on-regression");
    expect(behind.status).toBe(1);
    expect(behind.stdout).toContain(
      "**Regression:** yes (the headline interval lies entirely below 0; 14 tasks flipped pass → fail against 3 fail → pass (exact McNemar p = 0.01))",
    );
  });
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
      // 3 pass->fail against 5 fail->pass (p = 0.73) and an interval of −9.2 to +20.3 pp: no regression by the
      // default gate; the strict one fails on any pass->fail flip.
      regression: false,
      gate: { regression: false, strict: true, intervalBelow: false, flipsAgainst: false },
    });
    expect(tally(a, b, "--fail-on-regression").status).toBe(0);
    expect(tally(a, b, "--fail-on-flip").status).toBe(1);
    expect(tally(a, b, "--fail-on-regression", "--fail-on-flip").status).toBe(2);
  });

  it("compares a run with itself as no difference, exit 0 in every output", SEVERAL_RUNS, () => {
    const text = tally(a, a, "--fail-on-flip");
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).toContain(
      "±0.0 pp  95% CI ±0.0 to ±0.0 pp: no difference: every common task has the same value",
    );
    expect(text.stdout).toContain(
      "no regression: the headline interval is not below 0 and no task flipped pass → fail",
    );
    const json = tally(a, a, "--json", "--fail-on-regression");
    expect(json.status).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({
      headline: { delta: 0, se: 0 },
      flips: { passToFail: 0, failToPass: 0 },
      regression: false,
      gate: { strict: false },
    });
    const md = tally(a, a, "--markdown", "--fail-on-flip");
    expect(md.status).toBe(0);
    expect(md.stdout).toContain("= No difference: every common task has the same value");
    expect(md.stdout).toContain("**Regression:** no");
  });

  it("names an operand that is neither a path nor a run", () => {
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

  it(
    "--metric reward adds the reward's paired difference to the text; an unknown metric is refused",
    SEVERAL_RUNS,
    () => {
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
    },
  );

  it("--help names the headline metric the output shows", () => {
    const help = tally("--help");
    expect(help.stdout).toContain("The headline is the runs' headline metric (correctness when they have checks");
  });

  // B's three pass→fail tasks, every rollout passing in both runs: flips keyed by task and check key.
  const forgiving = scenarioFile("forgiving.json", {
    flips: ["incident/dns-flap", "incident/queue-backlog", "data/join-invoices"].flatMap((task) => [
      { task, check: "C1", passed: true },
      { task, check: "C2", passed: true },
      { task, check: "A1", passed: true },
    ]),
    headline: { scheme: "check" },
  });

  it(
    "--scenario: each run's headline is `tally score --scenario`'s, and --fail-on-regression follows it",
    SEVERAL_RUNS,
    () => {
      const res = tally(a, b, "--scenario", forgiving, "--json");
      expect(res.status, res.stderr).toBe(0);
      const body = JSON.parse(res.stdout);
      const score = (run: string) => JSON.parse(cli("score", run, "--scenario", forgiving, "--json").stdout);
      expect(body.a.headline).toEqual(score(a).headline);
      expect(body.b.headline).toEqual(score(b).headline);
      expect(body.a.headline).toMatchObject({ metric: "correctness", scheme: "check" });
      expect(body.headline.scheme).toBe("check");
      expect(body.flips.passToFail).toBe(0);
      expect(body.regression).toBe(false);
      expect(body.scenarioDescription).toContain("dns-flap C2 counted as passed");
      expect(tally(a, b, "--scenario", forgiving, "--fail-on-regression").status).toBe(0);
      expect(tally(a, b, "--scenario", forgiving).stdout).toContain(
        "  scenario: headline: correctness, each check one vote;",
      );
    },
  );

  it("refuses a scenario file that is not a scenario, naming the field", () => {
    const bad = tally(a, b, "--scenario", scenarioFile("bad.json", { weight: 2 } as unknown as Scenario));
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('Unrecognized key: "weight"');
  });

  it(
    "robustness: each entry is the difference of the two runs' reports under its scheme and policy",
    SEVERAL_RUNS,
    () => {
      // Only the common tasks, so each run's paired value is its report's value.
      const common = (file: string) => !/legacy-pager|sso-rotation/.test(file);
      const ca = runFolder("a", "common-a", common);
      const cb = runFolder("b", "common-b", common);
      const scenario: Scenario = { weights: { "incident/dns-flap": 3 }, groupWeights: { access: 2 } };
      const res = tally(ca, cb, "--scenario", scenarioFile("weighted.json", scenario), "--json");
      expect(res.status, res.stderr).toBe(0);
      const { robustness } = JSON.parse(res.stdout);
      expect(robustness.schemes).toEqual(["task", "check", "group", "custom"]);
      expect(robustness.entries).toHaveLength(8);
      for (const policy of ["exclude", "fail"] as const) {
        const file = scenarioFile(`weighted-${policy}.json`, { ...scenario, unscored: policy });
        const [ra, rb] = [ca, cb].map((run) => JSON.parse(cli("score", run, "--scenario", file, "--json").stdout));
        for (const scheme of robustness.schemes) {
          const entry = robustness.entries.find(
            (e: { scheme: string; unscored: string }) => e.scheme === scheme && e.unscored === policy,
          );
          const [va, vb] = [ra, rb].map((r) => r.metrics[robustness.metric].schemes[scheme]);
          expect(entry.a, `${scheme} ${policy}`).toBeCloseTo(va, 12);
          expect(entry.b, `${scheme} ${policy}`).toBeCloseTo(vb, 12);
          expect(entry.delta, `${scheme} ${policy}`).toBeCloseTo(vb - va, 12);
        }
      }
      expect(robustness.summary).toMatch(/^B is (ahead|behind) under \d of 4 schemes/);
    },
  );

  describe("--markdown, a pull-request comment (worked by hand in __fixtures__/compare-expected.ts)", () => {
    it(
      "as recorded: the gate, flips, dimensions and top regressions; exit 1 with --fail-on-flip",
      SEVERAL_RUNS,
      async () => {
        const res = tally(a, b, "--markdown", "--fail-on-flip");
        expect(res.status, res.stderr).toBe(1);
        expect(res.stdout).toContain(
          "**Regression:** yes (3 tasks flipped pass → fail against 5 fail → pass (exact McNemar p = 0.73))",
        );
        expect(tally(a, b, "--markdown", "--fail-on-regression").stdout).toContain(
          "**Regression:** no (3 tasks flipped pass → fail against 5 fail → pass (exact McNemar p = 0.73), and the headline interval is not below 0)",
        );
        expect(res.stdout).toBe(AS_RECORDED);
        expect(tally(a, b, "--markdown").status).toBe(0);
      },
    );

    it(
      "under a scenario: names it, and exits 0 with --fail-on-regression when the scenario leaves no regression",
      SEVERAL_RUNS,
      async () => {
        const res = tally(a, b, "--scenario", forgiving, "--markdown", "--fail-on-regression");
        expect(res.status, res.stderr).toBe(0);
        expect(res.stdout).toContain("**Scenario:** `forgiving.json`: headline: correctness, each check one vote;");
        expect(res.stdout).toBe(UNDER_SCENARIO);
      },
    );

    it("with --base-url and stored runs: links the comparison and each task to the server", async () => {
      const body = JSON.parse(tally(a, b, "--json").stdout) as CompareBody;
      const stored = { ...body, a: { ...body.a, id: "run-a" }, b: { ...body.b, id: "run/b" } };
      const md = compareMarkdown(stored, { baseUrl: "https://tally.example.com/" });
      expect(md).toContain(
        "### Tally: [v-b vs v-a (baseline)](https://tally.example.com/compare?runs=run-a,run%2Fb&a=run-a)",
      );
      expect(md).toContain(
        "[`incident/dns-flap`](https://tally.example.com/runs/run%2Fb/tasks/incident%2Fdns-flap) ([A](https://tally.example.com/runs/run-a/tasks/incident%2Fdns-flap))",
      );
      expect(md).toBe(WITH_LINKS);
    });

    it("the cost line says what each cost per pass rests on when a run records cost for some rollouts only", () => {
      // A: the partial-effort job, cost for 3 of 6 trials, $1.50 over the 2 passes among them. B: the same
      // verdicts, every trial with a folder; the three without one in A cost $0.30 each: $2.40 over 3 passes.
      const everyFolder = {
        ...PARTIAL_EFFORT_EVAL,
        trials: PARTIAL_EFFORT_EVAL.trials.map((t) => ({
          ...t,
          folder: {
            inputTokens: 100_000,
            outputTokens: 10_000,
            durationSec: 60,
            ...t.folder,
            costUsd: t.folder?.costUsd ?? 0.3,
          },
        })),
      };
      const partial = filesFolder("cost-a", harborJobFiles([PARTIAL_EFFORT_EVAL], "job"));
      const full = filesFolder("cost-b", harborJobFiles([everyFolder], "job"));
      const res = tally(partial, full, "--markdown");
      expect(res.status, res.stderr).toBe(0);
      // $0.80 ÷ $0.75 − 1 = +6.7%.
      expect(res.stdout).toContain(
        "**Cost:** B passes as many tasks at 7% more cost per pass; cost recorded for A 3 of 6 (2 passes), B 6 of 6 (3 passes)",
      );
      expect(tally(partial, full).stdout).toContain(
        "  B passes as many tasks at 7% more cost per pass; cost recorded for A 3 of 6 (2 passes), B 6 of 6 (3 passes)",
      );
    });

    it("refuses --json with --markdown, and --base-url without --markdown", () => {
      expect(tally(a, b, "--json", "--markdown").stderr).toContain("give --json or --markdown, not both");
      expect(tally(a, b, "--base-url", "https://x.test").stderr).toContain("--base-url goes with --markdown");
    });
  });
});

/*
 * The figures of __fixtures__/compare-expected.ts derived again from e2e/compare-runs.ts's TASKS, with the
 * paired statistics of docs/scoring.md written out here (not the code under test): per-task values, their
 * differences, SE = sd/√T under equal weights or the linearised ratio estimators under the check scheme, and
 * t(0.975, 17) = 2.1098 from a table.
 */
describe("the worked figures of the markdown comparison", () => {
  const T_17 = 2.1098;
  type Check = { passed: boolean; required: boolean; dimension: string };
  type Rollout = { checks: Record<string, Check>; passed: boolean; reward: number };

  /** Rollouts per common task, as compare-runs.ts writes them, with `forgiven` checks counted as passed. */
  function rolloutsOf(variant: "a" | "b", forgiven: readonly string[] = []): Map<string, Rollout[]> {
    const column = variant === "a" ? 2 : 3;
    const out = new Map<string, Rollout[]>();
    TASKS.forEach((row, t) => {
      const [group, task, inA, inB] = row;
      if (inA === null || inB === null) return;
      const passes = row[column]!;
      const rollouts: Rollout[] = [];
      for (let r = 0; r < 3; r++) {
        const authorityFails = variant === "b" && task === "queue-backlog" && r === 2;
        const passed = r < passes && !authorityFails;
        const seed = t + r;
        const checks: Record<string, Check> = {
          C1: { passed: passed || seed % 3 !== 0, required: true, dimension: "correctness" },
          C2: { passed, required: true, dimension: "correctness" },
          G1: { passed: seed % 4 !== 1, required: false, dimension: "grounding" },
          A1: { passed: !authorityFails, required: true, dimension: "authority" },
        };
        let reward = Math.round((Object.values(checks).filter((c) => c.passed).length / 4) * 100) / 100;
        if (forgiven.includes(task)) {
          for (const key of ["C1", "C2", "A1"]) checks[key] = { ...checks[key]!, passed: true };
          reward = Object.values(checks).filter((c) => c.passed).length / 4;
        }
        rollouts.push({ checks, reward, passed: Object.values(checks).every((c) => c.passed || !c.required) });
      }
      out.set(`${group}/${task}`, rollouts);
    });
    return out;
  }

  /** A task's value (mean over its rollouts) and its votes under the check scheme (graded checks). */
  function taskValue(rollouts: Rollout[], metric: string): { x: number; w: number } {
    if (metric === "completion") return { x: rollouts.filter((r) => r.passed).length / 3, w: 3 };
    if (metric === "reward") return { x: rollouts.reduce((s, r) => s + r.reward, 0) / 3, w: 3 };
    const per = rollouts.map((r) => Object.values(r.checks).filter((c) => c.dimension === metric));
    const w = per.reduce((s, cs) => s + cs.length, 0);
    const passed = per.reduce((s, cs) => s + cs.filter((c) => c.passed).length, 0);
    return { x: passed / w, w };
  }

  function paired(metric: string, scheme: "task" | "check", forgiven: readonly string[] = []) {
    const [A, B] = [rolloutsOf("a", forgiven), rolloutsOf("b", forgiven)];
    const keys = [...A.keys()];
    const n = keys.length;
    const xa = keys.map((k) => taskValue(A.get(k)!, metric));
    const xb = keys.map((k) => taskValue(B.get(k)!, metric));
    const weight = (v: { w: number }) => (scheme === "task" ? 1 : v.w);
    const mean = (xs: { x: number; w: number }[]) =>
      xs.reduce((s, v) => s + weight(v) * v.x, 0) / xs.reduce((s, v) => s + weight(v), 0);
    const [a, b] = [mean(xa), mean(xb)];
    const [sa, sb] = [xa, xb].map((xs) => xs.reduce((s, v) => s + weight(v), 0));
    const z = keys.map(
      (_, t) => (n * weight(xb[t]!) * (xb[t]!.x - b)) / sb! - (n * weight(xa[t]!) * (xa[t]!.x - a)) / sa!,
    );
    const se = Math.sqrt(z.reduce((s, v) => s + v * v, 0) / (n * (n - 1)));
    return { a, b, delta: b - a, se, low: b - a - T_17 * se, high: b - a + T_17 * se };
  }

  const signed = (x: number) => `${x < 0 ? "−" : "+"}${Math.abs(x * 100).toFixed(1)}`;
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const row = (metric: string, f: ReturnType<typeof paired>, verdict: string) =>
    `| ${metric} | 18 tasks | ${pct(f.a)} | ${pct(f.b)} | ${signed(f.delta)} pp | ${signed(f.low)} to ${signed(f.high)} pp | ${verdict} |`;

  it("as recorded", () => {
    const unclear = "≈ No clear difference (interval includes 0)";
    expect(AS_RECORDED).toContain(row("**correctness**", paired("correctness", "task"), unclear));
    expect(AS_RECORDED).toContain(row("completion", paired("completion", "task"), unclear));
    expect(AS_RECORDED).toContain(row("authority", paired("authority", "task"), unclear));
    const reward = paired("reward", "task");
    const r = (x: number) => `${x < 0 ? "−" : "+"}${Math.abs(x).toFixed(3)}`;
    expect([reward.a, reward.b].map((x) => x.toFixed(3))).toEqual(["0.769", "0.792"]);
    expect(AS_RECORDED).toContain(`| ${r(reward.delta)} | ${r(reward.low)} to ${r(reward.high)} |`);
    // Exact McNemar on 3 pass → fail and 5 fail → pass: 2 · (C(8,0) + C(8,1) + C(8,2) + C(8,3)) / 2⁸.
    expect(((2 * (1 + 8 + 28 + 56)) / 256).toFixed(2)).toBe("0.73");
  });

  it("under forgiving.json, each check one vote", () => {
    const forgiven = ["dns-flap", "queue-backlog", "join-invoices"];
    const better = "▲ B is better (interval above 0)";
    expect(UNDER_SCENARIO).toContain(row("**correctness**", paired("correctness", "check", forgiven), better));
    expect(UNDER_SCENARIO).toContain(row("completion", paired("completion", "check", forgiven), better));
    const reward = paired("reward", "check", forgiven);
    expect([reward.a, reward.b, reward.delta, reward.low, reward.high].map((x) => x.toFixed(3))).toEqual([
      "0.782",
      "0.843",
      "0.060",
      "0.005",
      "0.115",
    ]);
    expect(((2 * 1) / 32).toFixed(2)).toBe("0.06");
    expect((2.8016 * paired("correctness", "check", forgiven).se * 100).toFixed(1)).toBe("14.5");
  });

  it("what the comparison can see: the MDE, the tasks needed, and why more rollouts cannot help", () => {
    const h = paired("correctness", "task");
    const factor = 1.959964 + 0.841621;
    expect((factor * h.se * 100).toFixed(1)).toBe("19.6");
    expect(Math.ceil(18 * ((factor * h.se) / h.delta) ** 2)).toBe(225);
    // W: each task's correctness per rollout (mean of C1 and C2), s²/n in each run, averaged over the tasks.
    const [A, B] = [rolloutsOf("a"), rolloutsOf("b")];
    const within = (rs: Rollout[]) => {
      const xs = rs.map((r) => [r.checks.C1!, r.checks.C2!].filter((c) => c.passed).length / 2);
      const m = xs.reduce((s, x) => s + x, 0) / xs.length;
      return xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1) / xs.length;
    };
    const keys = [...A.keys()];
    const W = keys.reduce((s, k) => s + within(A.get(k)!) + within(B.get(k)!), 0) / keys.length;
    const between = Math.max(0, 18 * h.se ** 2 - W);
    expect(18 * (h.delta / factor) ** 2 - between).toBeLessThan(0);
  });
});
