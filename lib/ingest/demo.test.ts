import { expect, it } from "vitest";
import { checkRefsOf, readStoredTrace, traceEvidence } from "@/lib/views/rollout-trace";
import { forEachDatabase } from "@/lib/db/test-databases";
import { loadFixture } from "@/lib/formats/__fixtures__/load-fixture";
import { computeReport } from "@/lib/scoring/report/report";
import type { Report } from "@/lib/scoring/report/report-types";
import type { Trace, TraceRead } from "@/lib/traces";
import { readSeries } from "@/lib/series/read-series";
import { seriesFactsOf, seriesTable } from "@/lib/scoring/report/series-table";
import { DEMO_SERIES, seedDemoIfEmpty } from "./demo";
import { parseBatch } from "./parse-batch";
import { toScoringRun } from "./to-scoring-run";
import { runEncoding, runSnapshot } from "@/lib/views/run-caches";

// The demo runs `npm start` loads into an empty database (prisma/demo), read back as the pages read them: the
// scoring-article run carries the traces of checkout and csv-conversion, and they change none of its scores.

function traceOf(read: TraceRead): Trace {
  if (read.kind !== "trace") throw new Error(`no trace: ${read.kind === "none" ? read.why : read.raw.why}`);
  return read.trace;
}

/** A value with every list in a fixed order: the store lists tasks, groups and rollouts in its own order. */
function unordered(value: unknown): unknown {
  if (Array.isArray(value))
    return value.map(unordered).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unordered(v)]));
}

/** Every figure of a report but what the rollouts spent (effort), which a trace fills where the file is silent. */
function scores(report: Report) {
  const { effort: _effort, effortOutliers: _outliers, rollouts, ...rest } = report;
  return unordered({ ...rest, rollouts: rollouts.map(({ measures: _measures, ...r }) => r) });
}

forEachDatabase("the demo runs", (t) => {
  it("load the scoring-article run with its traces: e3 → step 7, every score as without them", async () => {
    expect(await seedDemoIfEmpty(t.store)).toBeGreaterThanOrEqual(4);
    expect(await seedDemoIfEmpty(t.store)).toBe(0);
    const run = (await t.store.listRuns()).find((r) => r.name === "scoring-article");
    expect(run).toBeDefined();
    const snapshot = await runSnapshot(t.store, run!.id);
    const report = computeReport(snapshot!.run);

    // The same result files without their traces: the golden fixture the article's figures come from.
    const withoutTraces = toScoringRun(
      parseBatch(loadFixture("scoring-article"), { rootName: "scoring-article" }).runs[0]!,
    );
    expect(scores(report)).toEqual(scores(computeReport(withoutTraces)));
    expect(report.headline.value).toBeCloseTo(0.7222, 4);

    // What the traces add: their steps and wall time, where the result files record neither.
    const measures = Object.fromEntries(report.rollouts.map((r) => [r.id, r.measures]));
    expect(measures["checkout/result"]).toMatchObject({ steps: 13, toolCalls: 5, toolErrors: 0, durationMs: 9005 });
    expect(measures["csv-conversion/result"]).toMatchObject({
      steps: 17,
      toolCalls: 7,
      toolErrors: 1,
      durationMs: 8000,
    });
    expect(measures["owner-lookup/result"]).toMatchObject({ steps: null, toolCalls: 2, durationMs: null });

    const checkout = (await t.store.getRollout(run!.id, "checkout/result"))!;
    const checkoutRead = await readStoredTrace(t.store, checkout);
    const trace = traceOf(checkoutRead);
    expect(trace.totals).toMatchObject({ steps: 13, toolCalls: 5, toolErrors: 0 });
    // C3 cites e3: the get_capacity result, Silo seq 7, shown as step 7 (index 6).
    const evidence = traceEvidence(checkRefsOf(checkout), checkout.agentOutput, checkoutRead);
    const c3 = checkout.checks.find((c) => c.key === "C3")!;
    expect(evidence.byCheck[c3.order]).toEqual([{ ref: "e3", step: 6 }]);
    expect(trace.steps[6]).toMatchObject({ id: "7", source: "tool" });
    expect(trace.steps[5]!.toolCalls.map((c) => c.name)).toEqual(["get_capacity"]);
    expect(evidence.citations[6]).toEqual([{ key: "C3", order: c3.order }]);
    expect(Object.keys(evidence.citations)).toEqual(["6"]);
    // The answer's [e1] [e2] [e3]: seq 3, 5 and 7.
    expect(evidence.answer.map((r) => [r.ref, r.step === null ? null : trace.steps[r.step]!.id])).toEqual([
      ["e1", "3"],
      ["e2", "5"],
      ["e3", "7"],
    ]);

    const csv = traceOf(await readStoredTrace(t.store, (await t.store.getRollout(run!.id, "csv-conversion/result"))!));
    expect(csv.totals).toMatchObject({ steps: 17, toolCalls: 7, toolErrors: 1 });
    const errors = csv.steps.filter((s) => s.results.some((r) => r.isError));
    expect(errors.map((s) => s.id)).toEqual(["9"]);
    expect(
      csv.steps.find((s) => s.toolCalls.some((c) => c.id === errors[0]!.results[0]!.callId))?.toolCalls[0]?.name,
    ).toBe("convert_timezone");
    expect(csv.steps.find((s) => s.id === "12")?.toolCalls.map((c) => c.name)).toEqual(["write_file"]);
  });
});

forEachDatabase("the demo series", (t) => {
  it("holds six nightly runs in order whose history says what the demo plan made", async () => {
    await seedDemoIfEmpty(t.store);
    const runs = await t.store.seriesRuns(DEMO_SERIES.name);
    expect(runs.map((r) => r.name)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `nightly #${n}`));
    const series = (await readSeries(t.store, DEMO_SERIES.name))!;
    expect(series.tasks).toHaveLength(8);
    const trend = (task: string) => series.history.tasks.find((x) => x.task === task)!;
    expect(trend("csv-conversion")).toMatchObject({ trend: "stopped-passing", since: 3, lastBefore: 2 });
    expect(trend("owner-lookup")).toMatchObject({ trend: "fixed", since: 2 });
    expect(trend("half-life").trend).toBe("never-passed");
    expect(trend("audit").trend).toBe("always-passed");
    expect(series.rates[series.tasks.indexOf("csv-conversion")]).toEqual([1, 1, 1, 0, 0, 0]);

    // The page reads each run's facts stored at ingest; scoring every run again gives the same table.
    for (const r of runs)
      expect((await runEncoding(t.store, r.id, { bytes: false }))?.firstScreen?.seriesFacts).toBeDefined();
    const scored = [];
    for (const r of runs) {
      const facts = seriesFactsOf((await runSnapshot(t.store, r.id))!.recorded);
      scored.push({ id: r.id, name: r.name, at: r.createdAt ?? r.ingestedAt, facts });
    }
    expect(series).toEqual({ name: DEMO_SERIES.name, ...seriesTable(scored) });
  });
});
