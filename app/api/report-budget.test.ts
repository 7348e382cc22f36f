import { describe, expect, it } from "vitest";
import { loadFixture } from "@/lib/formats/__fixtures__/load-fixture";
import { GET as getReport } from "./runs/[id]/report/route";
import { POST as postRuns } from "./runs/route";
import { params, uploadRequest, useApiDatabase } from "./route-test-kit";

// GET /api/runs/:id/report?scenario= with an execution budget, on the Silo silo-runs fixture. Tool calls per
// rollout: TASK-002 4 (fails); TASK-004 1 (passes); TASK-007 3, 4, 5 (pass) and 6, 7 (fail); TASK-009 40 (fails).
// Every rollout records its tool calls and its time; none records a cost.
useApiDatabase("report-budget");

async function siloRun(): Promise<string> {
  const res = await postRuns(uploadRequest(loadFixture("silo-runs", "silo-runs/")));
  expect(res.status).toBe(201);
  return ((await res.json()) as { runs: { id: string }[] }).runs[0]!.id;
}

async function report(id: string, scenario?: unknown) {
  const query = scenario === undefined ? "" : `?scenario=${encodeURIComponent(JSON.stringify(scenario))}`;
  return getReport(new Request(`http://tally.test/api/runs/${id}/report${query}`), params({ id }));
}

describe("an execution budget through the report API", () => {
  it("fails the passing rollouts over the limit: completion 40% → 30%, pass rate 4/8 → 2/8, correctness unchanged", async () => {
    const id = await siloRun();
    const recorded = await (await report(id)).json();
    expect(recorded.budget).toBeUndefined();
    expect(recorded.metrics.completion.value).toBeCloseTo(0.4, 12);
    expect(recorded.passRate).toMatchObject({ passes: 4, counted: 8 });

    const res = await report(id, { budget: { toolCalls: 3 } });
    expect(res.status).toBe(200);
    const body = await res.json();
    // TASK-007's 4 and 5 tool-call passes fail: it completes 1 of 5, so (0 + 1 + 0.2 + 0) / 4.
    expect(body.budget).toEqual({ limits: { toolCalls: 3 }, failed: 2, over: 6, unknown: 0 });
    expect(body.metrics.completion.value).toBeCloseTo(0.3, 12);
    expect(body.passRate).toMatchObject({ passes: 2, counted: 8, value: 0.25 });
    expect(body.metrics.correctness).toEqual(recorded.metrics.correctness);
    expect(body.metrics.reward).toEqual(recorded.metrics.reward);
    expect(body.scenarioDescription).toEqual([
      "execution budget: a scored rollout spending more than 3 tool calls fails",
    ]);

    // No rollout records a cost: a cost limit judges none of them.
    const cost = await (await report(id, { budget: { costUsd: 0 } })).json();
    expect(cost.budget).toEqual({ limits: { costUsd: 0 }, failed: 0, over: 0, unknown: 8 });
    expect(cost.metrics.completion).toEqual(recorded.metrics.completion);
  });

  it("answers 422 with the field path of a bad limit", async () => {
    const res = await report("any", { budget: { toolCalls: -1 } });
    expect(res.status).toBe(422);
    expect((await res.json()).error.details).toEqual([
      { path: "scenario.budget.toolCalls", message: expect.any(String) },
    ]);
  });
});
