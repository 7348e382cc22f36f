import type { CheckTally } from "@/lib/scoring/report/check-tallies";
import type { Report } from "@/lib/scoring/report/report-types";
import type { Scenario } from "@/lib/scoring/scenario/scenario";

/*
 * Where the run page's worker (run-worker.ts) gets the run, and what it and the page say to each other.
 * The run travels as binary columns (lib/scoring/wire/binary-run.ts): fetched from GET /api/runs/:id/run.bin
 * (the browser's cache revalidates it on the run's version), or given inline as base64 by a page that has no
 * server behind it (a static bundle).
 */

export type RunSource = { href: string } | { base64: string };

/** A report with the per-dimension check tallies the metric cards show, both under one scenario. */
export interface ScoredView {
  report: Report;
  tallies: Record<string, CheckTally>;
}

export type WorkerRequest =
  | { type: "load"; source: RunSource }
  /** `id` increases with every request: the page shows the answer to its latest one only. */
  | { type: "score"; id: number; scenario: Scenario };

export type WorkerAnswer =
  /** The run's bytes (transferred), for the page's own copy of the run, and its as-recorded view. */
  | { type: "run"; bytes: ArrayBuffer; recorded: ScoredView }
  | { type: "scored"; id: number; view: ScoredView }
  | { type: "error"; message: string };
