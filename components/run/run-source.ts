import { apiBytes } from "@/lib/api/client";
import type { PageFailureGroup } from "@/lib/scoring/report/failure-groups";
import type { CheckTally } from "@/lib/scoring/report/check-tallies";
import type { Lever, PageReport } from "@/lib/scoring/report/report-types";
import type { RolloutSummary, SummaryDelta } from "@/lib/scoring/view/rollout-summary";
import type { SchemeVotes } from "@/lib/scoring/view/explain-schemes";
import type { HeadlineRobustness } from "@/lib/scoring/report/robustness";
import type { ScoringRun } from "@/lib/scoring/core/types";
import type { Scenario } from "@/lib/scoring/scenario/scenario";
import { bytesOfBase64 } from "@/lib/scoring/wire/base64";
import { decodeBinaryRun } from "@/lib/scoring/wire/binary-run";
import { RunSnapshot } from "@/lib/scoring/run-snapshot";
import type { RunSource } from "@/lib/views/run-payload";
import type { ReportDelta } from "@/lib/scoring/wire/report-delta";

/*
 * Where the run page gets the run, and what it and its worker (run-worker.ts) say to each other.
 * The run travels as binary columns (lib/scoring/wire/binary-run.ts): fetched from GET /api/runs/:id/run.bin
 * (the browser's cache revalidates it on the run's version), or given inline as base64 by a page that has no
 * server behind it (a static bundle).
 */

export type { RunSource };

/**
 * A report with what the page shows beside it, all under one scenario: the per-dimension check tallies of the
 * metric cards, the fragile verdicts (levers) and the headline under every scheme and unscored policy.
 */
export interface ScoredView {
  /** The report without its rollout rows: 100,000 of them cost the page most of a second to receive. */
  report: PageReport;
  /** What the page draws of the rollout rows. */
  summary: RolloutSummary;
  tallies: Record<string, CheckTally>;
  /**
   * null until the worker has them: it tries every check of every task (the slowest part), so the figures are
   * answered first and the levers follow in their own message.
   */
  levers: Lever[] | null;
  robustness: HeadlineRobustness;
  /** The tasks with the most and fewest votes on the report's headline metric (the scheme explanation's). */
  schemeVotes: SchemeVotes | null;
  /** The run's failed and unscored rollouts grouped (lib/scoring/report/failure-groups.ts), under the report's verdicts. */
  failureGroups: PageFailureGroup[];
}

/**
 * A view as the worker sends it: its report as a delta from the report of the worker's previous message
 * (lib/scoring/wire/report-delta.ts), which the page applies to the last report it received.
 */
export type SentView = Omit<ScoredView, "report" | "summary" | "failureGroups"> & {
  report: ReportDelta;
  /** null: the summary of the view before (the rollout rows did not change); else a delta of it. */
  summary: SummaryDelta | null;
  /** null: the failure groups of the view before (no verdict changed). */
  failureGroups: PageFailureGroup[] | null;
};

/** The answer id of the as-recorded view ("score" requests count from 1). */
export const RECORDED_ID = 0;

/**
 * Where a scorer's levers come from. "after": it sends each view, then its levers. A page with two cores to use
 * runs two scorers on the same requests: one with "never" sends the views alone, one with "only" sends the
 * levers alone, so the levers (the slowest figures) are computed beside the rest, not after them.
 */
export type LeversMode = "after" | "never" | "only";

/**
 * A worker's name says where its levers come from, known before any message: the page may ask for a scenario
 * before the run's bytes reach the worker, so the first message does not say it.
 */
export const WORKER_NAMES = { never: "tally-figures", only: "tally-levers" } as const;

/** The levers mode of a worker named `name` (WORKER_NAMES); a worker of any other name is the only one. */
export function leversModeOf(name: string): LeversMode {
  return name === WORKER_NAMES.never ? "never" : name === WORKER_NAMES.only ? "only" : "after";
}

export type WorkerRequest =
  /**
   * The run's binary columns (transferred), with its levers as recorded when the page has them (the stored first
   * screen's): the worker then does not compute them.
   */
  | { type: "load"; bytes: ArrayBuffer; levers?: Lever[] }
  /** `id` increases with every request: the page shows the answer to its latest one only. */
  | { type: "score"; id: number; scenario: Scenario };

export type WorkerAnswer =
  /** The run is decoded: its as-recorded view. */
  | { type: "run"; recorded: SentView }
  | { type: "scored"; id: number; view: SentView }
  /** The levers of the view answered with `id` (RECORDED_ID: the as-recorded one), sent after it. */
  | { type: "levers"; id: number; levers: Lever[] }
  | { type: "error"; message: string };

/** The snapshot of an embedded run's bytes (`{base64}`): its columns, no objects. */
export function snapshotOfBase64(base64: string): RunSnapshot {
  return RunSnapshot.fromBytes(bytesOfBase64(base64));
}

/** The bytes of an embedded run (`{base64}`), decoded to the run. */
export function decodeRunBase64(base64: string): ScoringRun {
  return decodeBinaryRun(bytesOfBase64(base64));
}

/** The run's bytes: fetched (the browser revalidates its cached copy) or decoded from base64. */
export async function runBytes(source: RunSource): Promise<ArrayBuffer> {
  if ("base64" in source) return bytesOfBase64(source.base64).buffer;
  // High priority: the page's link prefetches must not hold the run back.
  const result = await apiBytes(source.href, { priority: "high" });
  if (!result.ok) throw new Error(`The run could not be loaded (HTTP ${result.status}): ${result.message}`);
  return result.data;
}
