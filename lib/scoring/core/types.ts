import type { Measures } from "./measures";
/**
 * The compact, database-free shape every scoring function reads. Formats normalise into a superset of it
 * (lib/formats/types.ts); the database loads it back (lib/db); the browser receives it for the what-if panel.
 * Contract: plain JSON (no Dates, no Maps), so it crosses the server/client boundary unchanged.
 */

export type CheckStatus = "graded" | "not_assigned" | "error";

export interface ScoringCheck {
  /** Rubric id when the file gives one, else the label. Scenario flips match on key or label. */
  readonly key: string;
  readonly label: string;
  /** null when the check was not graded (status not_assigned or error). */
  readonly passed: boolean | null;
  /** Partial credit in [0, 1]; null when not graded. Defaults to 1 if passed else 0. */
  readonly score: number | null;
  readonly required: boolean;
  /** correctness | authority | grounding | any custom name. */
  readonly dimension: string;
  readonly status: CheckStatus;
  /** Weight of a grade component (grade_problem); null elsewhere. */
  readonly weight: number | null;
  readonly failureTag: string | null;
}

/**
 * How a rollout's verdict follows from its data:
 * - "checks": passed = no graded required check failed; reward = reported, else mean score of graded checks.
 * - "reward": the format reports a reward; passed = reward >= pass threshold (BenchFlow, Harbor, tau-bench).
 * - "grade": reward = clip(Σ score × weight − penalties, 0, 1); passed = the gate check passed when `gate`
 *   is set, else reward >= pass threshold (grade_problem).
 * In every rule, when a scenario changes a rollout's checks its reward is recomputed from its checks.
 */
export type VerdictRule = "checks" | "reward" | "grade";

export interface ScoringRollout {
  /** Unique within its run. */
  readonly id: string;
  /** Task key. */
  readonly task: string;
  /** unscored = no reward and no graded check; fixed by what was recorded, never by a scenario. */
  readonly status: "scored" | "unscored";
  readonly rule: VerdictRule;
  readonly reportedPassed: boolean | null;
  readonly reportedReward: number | null;
  /** grade rule: Σ penalties subtracted from the weighted sum. */
  readonly penalties: number;
  /** grade rule: key of the gating component (defect_matching, patch_verified), or null. */
  readonly gate: string | null;
  readonly checks: readonly ScoringCheck[];
  /** Why it is unscored, short enough to group by (unscoredReasonOf); absent when scored or unknown. */
  readonly unscoredReason?: string;
  /** What the harness and the trace say about a failure (absent: nothing recorded); grouped by failure-groups.ts. */
  readonly failure?: RolloutFailure;
  /** Cost and effort as recorded (absent: none recorded). Read by an execution budget, never by a score. */
  readonly measures?: Measures;
  /** Informational, echoed in the report: the file path (`path#name` for many rollouts per file). */
  readonly source?: string;
  readonly warnings?: readonly string[];
}

/** What a rollout recorded about how it failed, each null when not recorded. */
export interface RolloutFailure {
  /** The harness's error type (Harbor's exception type, Inspect's error category). */
  readonly errorType: string | null;
  /** The error message, its first FAILURE_MESSAGE_LIMIT characters. */
  readonly message: string | null;
  /** The name of the last tool call in the rollout's trace. */
  readonly lastTool: string | null;
}

export interface ScoringTask {
  /** `<group>/<taskId>` when a group is known, else taskId. */
  readonly key: string;
  readonly taskId: string;
  readonly name: string | null;
  readonly group: string | null;
  /** Declared weight, default 1. */
  readonly weight: number;
}

export interface ScoringRun {
  readonly name: string;
  readonly format: string;
  readonly tasks: readonly ScoringTask[];
  readonly rollouts: readonly ScoringRollout[];
  /** Default pass threshold for reward-only verdicts (1.0 unless the format says otherwise). */
  readonly passThreshold: number;
  /** Run-level warnings and BenchFlow regrades, echoed in the report. */
  readonly warnings?: readonly string[];
  readonly regrades?: readonly {
    rollout: string;
    originalReward: number | null;
    newReward: number | null;
    change: string;
  }[];
}
