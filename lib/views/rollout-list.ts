import { unscoredReasons } from "@/lib/scoring/columns/rollouts-at";
import type { ScoringRollout } from "@/lib/scoring/core/types";
import { failureGroupIdsOfColumns } from "@/lib/scoring/report/failure-groups";
import type { Report, RolloutReport } from "@/lib/scoring/report/report-types";
import type { RunSnapshot } from "@/lib/scoring/run-snapshot";
import { identityMemo } from "./identity-memo";

/* The rows of a run's rollouts list (`/runs/:id/rollouts`), one per rollout under a report's verdicts. */

export const ROLLOUT_STATUSES = ["pass", "fail", "unscored"] as const;
export type RolloutStatus = (typeof ROLLOUT_STATUSES)[number];

export interface RolloutRow {
  id: string;
  task: string;
  status: RolloutStatus;
  reward: number | null;
  failedRequired: number;
  /** Why it is unscored (its error type, else what ingest found); null when scored. */
  reason: string | null;
  /** Every measure key, null where not recorded. */
  measures: RolloutReport["measures"];
  /** The id of the failure group it is in; null when it passed. */
  failureGroup: string | null;
}

/** One row per rollout, in the report's order: the verdict follows the scenario, the reason is as recorded. */
export function rolloutRows(
  rollouts: readonly RolloutReport[],
  recorded: readonly Pick<ScoringRollout, "id" | "unscoredReason">[],
  /** Failure group id by rollout id (failureGroupIdsOfColumns). */
  groups: ReadonlyMap<string, string> = new Map(),
): RolloutRow[] {
  const reasonOf = new Map(recorded.map((r) => [r.id, r.unscoredReason]));
  return rollouts.map((r) => ({
    id: r.id,
    task: r.task,
    status: r.status === "unscored" ? "unscored" : r.passed ? "pass" : "fail",
    reward: r.reward,
    failedRequired: r.failedRequired.length,
    reason: r.status === "unscored" ? (reasonOf.get(r.id) ?? "no reason recorded") : null,
    measures: r.measures,
    failureGroup: groups.get(r.id) ?? null,
  }));
}

/** A report's list rows, kept with the run version's columns and the report (100,000 rows made once each). */
const rowsOf = identityMemo<RolloutRow[]>();

/** The list rows of `report`, a report of `snapshot`: failure groups read from the run's columns. */
export function rolloutListRows(snapshot: RunSnapshot, report: Report): RolloutRow[] {
  const { columns } = snapshot;
  return rowsOf([columns, report], "", () =>
    rolloutRows(report.rollouts, unscoredReasons(columns), failureGroupIdsOfColumns(columns, report.rollouts)),
  );
}
