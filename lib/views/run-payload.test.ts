import { levers } from "@/lib/scoring/report/levers";
import { describe, expect, it } from "vitest";
import { siloRuns } from "@/lib/scoring/__fixtures__/silo-runs";
import { RunSnapshot } from "@/lib/scoring/run-snapshot";
import { syntheticScoringRun } from "@/lib/bench/synthetic";
import { computeReport } from "@/lib/scoring/report/report";
import { decodeBinaryRun } from "@/lib/scoring/wire/binary-run";
import { runFirstScreen, TASKS_PAGE_SIZE } from "@/lib/scoring/view/first-screen";
import { recordedFirstScreen } from "@/lib/store/run-encoding";
import {
  embeddedRunSource,
  readRunPageMeta,
  runPageData,
  runPageMetaJson,
  storedRunPageData,
} from "@/lib/views/run-payload";
import { DEFAULT_TASKS_VIEW, isDefaultTasksView } from "@/components/run/tasks-view";
import type { RunPageMeta } from "@/lib/views/run-page-meta";

const meta: RunPageMeta = {
  id: "r",
  name: "scoring-article",
  agent: "agent",
  model: null,
  format: "silo",
  createdAt: null,
  ingestedAt: "2026-01-01T00:00:00.000Z",
  baseline: true,
  tags: ["x"],
  regradeSummary: null,
  regradeReason: null,
  harborMean: 0.5,
  shared: [],
  baselineRun: { id: "b", name: "the baseline" },
  harborMeanNote: "note",
  live: true,
};

describe("run page meta", () => {
  it("crosses as a string", () => {
    expect(readRunPageMeta(runPageMetaJson(meta))).toEqual(meta);
  });
});

describe("run page data", () => {
  it("holds one page of tasks and the headline, however large the run; the run itself travels apart", () => {
    const snapshot = new RunSnapshot(syntheticScoringRun());
    const data = runPageData(snapshot, meta, { source: { href: "/api/runs/r%201/run.bin" }, defaultTasksView: true });
    expect(data.source).toEqual({ href: "/api/runs/r%201/run.bin" });
    const first = data.first;
    const byKey = snapshot.recorded.tasks.map((t) => t.key).sort();
    expect(first.tasks.map((t) => t.key)).toEqual(byKey.slice(0, TASKS_PAGE_SIZE));
    expect(Object.keys(first.strips).sort()).toEqual(byKey.slice(0, TASKS_PAGE_SIZE));
    expect(first.headline).toEqual(snapshot.recorded.headline);
    expect(first.counts.rollouts).toBe(10_000);
    expect(JSON.stringify(data).length).toBeLessThan(100_000);
  });

  it("computes the first screen under the URL's scenario, and no task rows for a view other than the default", () => {
    const snapshot = new RunSnapshot(structuredClone(siloRuns));
    const scenario = { unscored: "fail" as const };
    const data = runPageData(snapshot, meta, {
      source: embeddedRunSource(snapshot),
      scenario,
      defaultTasksView: isDefaultTasksView({ ...DEFAULT_TASKS_VIEW, sort: "passRate" }),
    });
    expect(data.first.tasks).toEqual([]);
    expect(data.first.unscoredFail).toBe(true);
    expect(data.first.passRate).toEqual(computeReport(siloRuns, scenario).passRate);
    if (!("base64" in data.source)) throw new Error("expected an inline source");
    const bytes = Uint8Array.from(atob(data.source.base64), (c) => c.charCodeAt(0));
    expect(decodeBinaryRun(bytes)).toStrictEqual(siloRuns);
  });

  it("from a stored first screen, is what the run gives, for the default view and another", () => {
    const snapshot = new RunSnapshot(structuredClone(siloRuns));
    const recorded = snapshot.recorded;
    // Stored as JSON (the RunEncoding table), read back: with the run's series facts, which the page never gets.
    const stored = JSON.parse(JSON.stringify(recordedFirstScreen(snapshot.columns, recorded))) as ReturnType<
      typeof runFirstScreen
    >;
    expect(stored.seriesFacts?.tasks.keys).toHaveLength(recorded.tasks.length);
    // And the levers as recorded, which the page hands its worker.
    expect(stored.levers).toEqual(levers(siloRuns));
    const source = { href: "/api/runs/r/run.bin" };
    for (const view of [DEFAULT_TASKS_VIEW, { ...DEFAULT_TASKS_VIEW, page: 2 }, { ...DEFAULT_TASKS_VIEW, q: "x" }]) {
      const computed = runPageData(snapshot, meta, { source, defaultTasksView: isDefaultTasksView(view) });
      expect(storedRunPageData(stored, meta, { source, defaultTasksView: isDefaultTasksView(view) })).toStrictEqual({
        ...computed,
        first: { ...computed.first, levers: stored.levers },
      });
    }
  });
});
