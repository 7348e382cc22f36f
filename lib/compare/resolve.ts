import { compareReports, type Comparison } from "@/lib/scoring/report/compare";
import type { Report } from "@/lib/scoring/report/report-types";
import { MAX_COMPARE_RUNS, orderCompareRuns, type CompareOrder } from "@/lib/scoring/report/compare-order";
import type { Scenario } from "@/lib/scoring/scenario/scenario";
import { withReviews, type ReviewFlips } from "@/lib/scoring/reviews/apply-reviews";
import type { RunColumns } from "@/lib/scoring/columns/run-columns";
import type { ScoringRun } from "@/lib/scoring/core/types";
import { RunSnapshot } from "@/lib/scoring/run-snapshot";
import { identityMemo } from "@/lib/views/identity-memo";

const NO_REVIEWS: ReviewFlips = { flips: [], reviewed: 0, undecided: 0 };

/** Comparisons kept with the two reports compared (the run cache's as-recorded ones: a repeat computes nothing). */
const comparisons = identityMemo<Comparison>();

/** What a comparison asks for: the runs as listed, an explicit A, the per-task metric and a what-if scenario. */
export interface CompareRequest {
  runs: readonly string[];
  /** Explicit A; otherwise the run marked as baseline, else the first listed (orderCompareRuns). */
  a?: string | null;
  /** Metric of the per-task values; absent = completion. */
  metric?: string | null;
  scenario?: Scenario;
  /** False discovery rate of the per-task tests; absent = 0.05. */
  fdr?: number | null;
}

/**
 * Where the runs come from: the database for the pages and the API, files or the database for the CLI.
 * `find` answers whether a run exists and whether it is marked as baseline, with whatever else the caller shows
 * of it (`B`); `load` gives its scoring data, or null when it has gone since: the run as objects (files), or a
 * snapshot of it (the server's run cache), which scores it from its columns and keeps its as-recorded report.
 */
export interface CompareSource<B extends { baseline: boolean }> {
  find(ref: string): Promise<B | null>;
  load(ref: string): Promise<ScoringRun | Pick<RunSnapshot, "columns" | "recorded" | "report"> | null>;
  /** A run's reviews as flips, read when the scenario applies them; null (or absent) when it has none. */
  reviews?(ref: string): Promise<ReviewFlips | null>;
}

export interface ComparedRun<B> {
  ref: string;
  found: B;
  /** The run's columns: what the page reads of its rollouts, never the run as objects. */
  run: RunColumns;
  /** Its report under the comparison's scenario. */
  report: Report;
}

export type CompareResolution<B> =
  /** Fewer than two runs were given (one run given twice is compared with itself). */
  | { kind: "too-few"; found: B[] }
  /** Some of the runs do not exist (or went while loading): `unknown` names them, `found` holds the others. */
  | { kind: "unknown"; unknown: string[]; found: B[] }
  | {
      kind: "compared";
      order: CompareOrder;
      /** The scenario both runs were scored under (`{}`: as recorded). */
      scenario: Scenario;
      a: ComparedRun<B>;
      /** One per candidate, in order, each compared with A. */
      candidates: (ComparedRun<B> & { comparison: Comparison })[];
    };

/**
 * Picks A and the candidates, loads them and compares A with each: the one path from "these runs" to
 * comparisons, shared by the compare page, GET /api/compare, its CSV export and `tally compare`.
 */
export async function resolveComparison<B extends { baseline: boolean }>(
  request: CompareRequest,
  source: CompareSource<B>,
): Promise<CompareResolution<B>> {
  const listed = [...new Set(request.runs.filter((ref) => ref !== ""))].slice(0, MAX_COMPARE_RUNS);
  const found = await Promise.all(listed.map((ref) => source.find(ref)));
  const present = found.filter((f): f is Awaited<B> => f !== null);
  const unknown = listed.filter((_, i) => found[i] === null);
  if (unknown.length > 0) return { kind: "unknown", unknown, found: present };
  const baselineIndex = found.findIndex((f) => f?.baseline === true);
  const order = orderCompareRuns(request.runs, {
    a: request.a ?? null,
    baselineId: baselineIndex === -1 ? null : listed[baselineIndex],
  });
  if (!order) return { kind: "too-few", found: present };

  const refs = [order.a, ...order.candidates];
  const loaded = (await Promise.all(refs.map((ref) => source.load(ref)))).map((l) =>
    l === null || "columns" in l ? l : new RunSnapshot(l),
  );
  const gone = refs.filter((_, i) => loaded[i] === null);
  if (gone.length > 0) {
    return { kind: "unknown", unknown: gone, found: present.filter((_, i) => !gone.includes(listed[i]!)) };
  }
  const byRef = new Map(listed.map((ref, i) => [ref, found[i]!]));
  const scenario = request.scenario ?? {};
  // Each run with its own reviews: a reviewed verdict names a rollout of that run.
  const reviewed =
    scenario.reviews === "apply"
      ? await Promise.all(refs.map(async (ref) => (await source.reviews?.(ref)) ?? NO_REVIEWS))
      : null;
  // Each run scored once (A's report serves every candidate): compareRuns, without scoring A again per candidate.
  const asRecorded = Object.keys(scenario).length === 0;
  const side = (ref: string, i: number): ComparedRun<B> => {
    const l = loaded[i]!;
    const scored = reviewed ? withReviews(scenario, reviewed[i]!) : scenario;
    return { ref, found: byRef.get(ref)!, run: l.columns, report: asRecorded ? l.recorded : l.report(scored) };
  };
  const a = side(order.a, 0);
  const options = {
    metric: request.metric ?? undefined,
    headline: scenario.headline,
    groupWeights: scenario.groupWeights,
    fdr: request.fdr ?? undefined,
  };
  return {
    kind: "compared",
    order,
    scenario,
    a,
    candidates: order.candidates.map((ref, i) => {
      const candidate = side(ref, i + 1);
      const key = JSON.stringify(options);
      return {
        ...candidate,
        comparison: comparisons([a.report, candidate.report], key, () =>
          compareReports(a.report, candidate.report, options),
        ),
      };
    }),
  };
}

/** Why a compared metric cannot be used ("unknown metric …" naming the runs' metrics), or null when it can. */
export function unknownMetric(comparison: Comparison, metric: string | null | undefined): string | null {
  if (metric === null || metric === undefined || Object.hasOwn(comparison.metrics, metric)) return null;
  return `unknown metric "${metric}": these runs have ${Object.keys(comparison.metrics).join(", ")}`;
}
