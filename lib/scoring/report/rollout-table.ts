import type { MeasureKey } from "../core/measures";
import type { RolloutReport } from "./report-types";

/**
 * A report's rollouts read by place in run order, field by field: from its rows (rowTable), or from the columns
 * of the scorer that holds its scenario (ColumnScorer.rolloutTable), which makes no row per rollout. What the
 * run page draws of the rollouts (lib/scoring/view/rollout-summary.ts) reads this.
 */
export interface RolloutTable {
  readonly length: number;
  id(r: number): string;
  task(r: number): string;
  /** Whether the rollout is scored (status "scored"). */
  scored(r: number): boolean;
  passed(r: number): boolean;
  reward(r: number): number | null;
  /** Whether some graded required check of the rollout failed (its failedRequired is not empty). */
  failedRequired(r: number): boolean;
  warnings(r: number): readonly string[];
  /** The rollout's measure, null where it does not record it. */
  measure(r: number, key: MeasureKey): number | null;
}

/** What rowTable reads of a row: a row without failedRequired or warnings has none. */
export type TableRow = Pick<RolloutReport, "id" | "task" | "status" | "passed" | "reward" | "measures"> &
  Partial<Pick<RolloutReport, "failedRequired" | "warnings">>;

const NONE: readonly string[] = [];

/** The table of a report's rows. */
export function rowTable(rows: readonly TableRow[]): RolloutTable {
  return {
    length: rows.length,
    id: (r) => rows[r]!.id,
    task: (r) => rows[r]!.task,
    scored: (r) => rows[r]!.status === "scored",
    passed: (r) => rows[r]!.passed,
    reward: (r) => rows[r]!.reward,
    failedRequired: (r) => (rows[r]!.failedRequired?.length ?? 0) > 0,
    warnings: (r) => rows[r]!.warnings ?? NONE,
    measure: (r, key) => rows[r]!.measures[key],
  };
}
