import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { JOB_ROLLOUTS, JOB_RUNS, JOB_TASKS, jobPasses, jobRunFiles } from "@/lib/scoring/__fixtures__/agent-model-job";
import type { Leaderboard } from "@/lib/scoring/report/leaderboard";
import type { SeriesTable } from "@/lib/scoring/report/series-table";
import { cliOnTempDatabase } from "./cli-test-kit";

const { dir, tally } = cliOnTempDatabase("leaderboard");
const SLOW = { timeout: 240_000 };
const name = (r: number) => `agent-${r >> 1}-model-${r & 1}`;

beforeAll(() => {
  for (let r = 0; r < JOB_RUNS; r++) {
    const root = path.join(dir, `run-${r}`);
    for (const f of jobRunFiles(r)) {
      fs.mkdirSync(path.dirname(path.join(root, f.path)), { recursive: true });
      fs.writeFileSync(path.join(root, f.path), f.content);
    }
    const tag = r < 3 ? ["--tag", "first-three"] : [];
    const res = tally("ingest", root, "--run", name(r), "--series", "job", ...tag, "--json");
    expect(res.status, res.stderr).toBe(0);
  }
}, 240_000);

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const tasks = Array.from({ length: JOB_TASKS }, (_, t) => t);
const headline = (r: number) => mean(tasks.map((t) => jobPasses(r, t) / JOB_ROLLOUTS));

describe("tally leaderboard and tally series on a generated 8-run job", () => {
  it("series show --json: the runs oldest first with their headlines, every task's pass rate", SLOW, () => {
    const res = tally("series", "show", "job", "--json");
    expect(res.status, res.stderr).toBe(0);
    const series = JSON.parse(res.stdout) as SeriesTable;
    expect(series.runs.map((r) => r.name)).toEqual(Array.from({ length: JOB_RUNS }, (_, r) => name(r)));
    series.runs.forEach((run, r) => expect(run.value).toBeCloseTo(headline(r), 12));
    expect(series.tasks).toHaveLength(JOB_TASKS);
    expect(series.rates[0]).toEqual(Array.from({ length: JOB_RUNS }, (_, r) => jobPasses(r, 0) / JOB_ROLLOUTS));
    expect(tally("series", "list").stdout).toBe("job  8 runs\n");
    expect(tally("series", "show", "nope").stderr).toContain('no run belongs to series "nope"');
  });

  it("--json, --markdown and the text agree, and match the hand computation", SLOW, () => {
    const res = tally("leaderboard", "--series", "job", "--json");
    expect(res.status, res.stderr).toBe(0);
    const board = JSON.parse(res.stdout) as Leaderboard;
    expect(board).toMatchObject({ tasks: JOB_TASKS, resamples: 2000, seed: 20_261_203, q: 0.05 });
    for (const row of board.rows)
      expect(row.value).toBeCloseTo(headline(Number(row.name.split("-")[1]) * 2 + Number(row.name.split("-")[3])), 12);
    expect(board.rows.map((r) => r.rank)).toEqual([1, 2, 3, 3, 5, 6, 7, 8]);
    expect(tally("leaderboard", "--series", "job", "--json").stdout).toBe(res.stdout);

    const md = tally("leaderboard", "--series", "job", "--markdown").stdout.split("\n");
    const rows = md.filter((l) => /^\| \d/.test(l));
    expect(rows).toHaveLength(JOB_RUNS);
    board.rows.forEach((row, i) => {
      const cells = rows[i]!.split(" | ");
      const [lo, hi] = row.rankInterval;
      expect(cells[0]).toBe(`| ${row.rank}`);
      expect(cells[1]).toBe(lo === hi ? String(lo) : `${lo}–${hi}`);
      expect(cells[2]).toBe(row.name);
      expect(cells[3]).toMatch(new RegExp(`^${(row.headline.value! * 100).toFixed(1)}%`));
    });
    expect(md.join("\n")).toContain("2,000 task-bootstrap resamples (mulberry32, seed 20261203)");
    expect(tally("leaderboard", "--series", "job").stdout).toContain(`[${board.rows[4]!.rankInterval.join("–")}]`);
  });

  it("picks runs by tag or by name, and says what is wrong with a pick", SLOW, () => {
    const byTag = JSON.parse(tally("leaderboard", "--tag", "first-three", "--json").stdout) as Leaderboard;
    expect(byTag.rows.map((r) => r.name).sort()).toEqual([name(0), name(1), name(2)]);
    const byName = JSON.parse(tally("leaderboard", name(0), name(7), "--json").stdout) as Leaderboard;
    expect(byName.rows.map((r) => r.name)).toEqual([name(7), name(0)]);
    expect(tally("leaderboard", name(0)).stderr).toContain("a leaderboard needs at least two runs; 1 found");
    expect(tally("leaderboard", "--series", "job", "--tag", "x").stderr).toContain(
      "give runs, --series NAME or --tag T",
    );
    expect(tally("leaderboard", "nope", name(0)).stderr).toContain('no run with id or name "nope"');
  });

  it("runs series moves a run to another series and takes it out", SLOW, () => {
    expect(tally("runs", "series", name(7), "solo").stdout).toContain("series: solo");
    expect(tally("series", "list").stdout).toBe("job  7 runs\nsolo  1 run\n");
    expect(tally("runs", "series", name(7), "--remove").stdout).toContain("series: none");
    expect(tally("runs", "series", name(7), "a/b").stderr).toContain("holds no slash");
    expect(tally("runs", "series", name(7), "job").status).toBe(0);
  });
});
