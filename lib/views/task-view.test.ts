import { describe, expect, it } from "vitest";
import { POST } from "@/app/api/runs/route";
import { uploadRequest, useApiDatabase } from "@/app/api/route-test-kit";
import { syntheticSiloFiles } from "@/lib/bench/synthetic";
import { computeReport } from "@/lib/scoring/report/report";
import { getStore } from "@/lib/store/open-store";
import { rolloutView } from "./rollout-view";
import { taskView } from "./task-view";
import { runSnapshot } from "./run-caches";

// The task and rollout views read one task of a stored run; each figure equals the whole run's report's.

const SHAPE = { tasks: 6, rollouts: 3, checks: 5, groups: 2, seed: 11 };

useApiDatabase("views");

/** Stores a run through POST /api/runs, as an upload does, and gives its id. */
async function postRuns(files: { path: string; content: string }[], run = "views"): Promise<string> {
  const response = await POST(uploadRequest(files, { run }));
  expect(response.status).toBe(201);
  return ((await response.json()) as { runs: { id: string }[] }).runs[0]!.id;
}

describe("taskView and rolloutView", () => {
  it("give the whole run's report rows, as recorded and under a scenario; null for what is not there", async () => {
    const runId = await postRuns([...syntheticSiloFiles(SHAPE)].map((f) => ({ path: f.path, content: f.text })));
    const store = getStore();
    const run = (await runSnapshot(store, runId))!.run;
    const first = run.rollouts[0]!;
    const flip = { flips: [{ task: first.task, check: first.checks[0]!.key, passed: !first.checks[0]!.passed }] };
    for (const scenario of [{}, flip, { weights: { [first.task]: 3 } }]) {
      const text = Object.keys(scenario).length === 0 ? null : JSON.stringify(scenario);
      const report = computeReport(run, scenario);
      for (const task of report.tasks) {
        const view = (await taskView(store, { runId, taskKey: task.key }, text))!;
        expect(view.task).toStrictEqual(task);
        const rows = report.rollouts.filter((r) => r.task === task.key);
        expect(view.grid.columns.map((c) => [c.id, c.passed, c.reward])).toStrictEqual(
          rows.map((r) => [r.id, r.passed, r.reward]),
        );
        expect(view.scenario).toStrictEqual({
          description: report.scenarioDescription,
          issues: null,
          carried: text,
        });
        for (const [i, row] of rows.entries()) {
          const r = (await rolloutView(store, { runId, rolloutId: row.id }, text))!;
          expect(r.verdict).toStrictEqual(row);
          expect([r.position, r.siblings, r.prev?.id ?? null, r.next?.id ?? null]).toStrictEqual([
            i + 1,
            rows.length,
            rows[i - 1]?.id ?? null,
            rows[i + 1]?.id ?? null,
          ]);
        }
      }
    }
    expect(await taskView(store, { runId, taskKey: "no such task" }, null)).toBeNull();
    expect(await rolloutView(store, { runId, rolloutId: "no such rollout" }, null)).toBeNull();
    expect(await taskView(store, { runId: "no-such-run", taskKey: run.tasks[0]!.key }, null)).toBeNull();
  });

  it("score an invalid scenario as recorded and say why", async () => {
    const runId = await postRuns(
      [...syntheticSiloFiles({ ...SHAPE, seed: 12 })].map((f) => ({ path: f.path, content: f.text })),
      "views 2",
    );
    const store = getStore();
    const run = (await runSnapshot(store, runId))!.run;
    const key = run.tasks[0]!.key;
    const view = (await taskView(store, { runId, taskKey: key }, '{"weights":1}'))!;
    expect(view.task).toStrictEqual(computeReport(run).tasks.find((t) => t.key === key));
    expect(view.scenario.carried).toBeNull();
    expect(view.scenario.issues?.map((i) => i.path)).toEqual(["weights"]);
  });
});
