/*
 * A run as columns: what the store keeps, what run.bin serves and what the scoring kernels
 * (lib/scoring/report/columnar) read, without an object per rollout or per check.
 *
 * Every string is stored once in `strings` and named by its index (−1: null). A rollout's checks are
 * `checkStart[r] .. checkStart[r + 1]`; the definition of its j-th check (key, label, dimension, required,
 * weight) is template `sequenceTemplate[sequenceStart[rolloutSequence[r]] + j]`: rollouts mostly repeat one
 * sequence of checks, so definitions are stored once per distinct template and sequence. A check's verdict,
 * status and whether its score differs from the verdict's default are one byte (`checkCode`, see CHECK_CODE).
 * Fields most rollouts leave out (a gate, penalties, a source, warnings, measures, an unscored reason) and
 * scores other than the verdict's are sparse: the ascending positions that have one, and their values.
 *
 * Contract: read-only. runOfColumns(columnsOf(run)) deep-equals run (tasks, rollouts and checks in order,
 * null versus absent, every number including −0 and NaN); decodeColumns(encodeColumns(c)) holds the same
 * values as c.
 */

/** A column of numbers stored in the narrowest kind that holds them exactly (columns.ts, narrowest). */
export type NumberColumn = Uint8Array | Int8Array | Uint16Array | Int16Array | Uint32Array | Int32Array | Float64Array;

/** Ascending positions (rollouts or checks) that have a value, and the values. */
export interface SparseColumn<T> {
  readonly at: Int32Array;
  readonly values: T;
}

/** Strings held by position; decoded from bytes on first read. */
export interface StringColumn {
  readonly length: number;
  at(i: number): string;
  /** Every string, decoded once and kept. */
  all(): readonly string[];
}

export interface RunColumns {
  readonly name: string;
  readonly format: string;
  readonly passThreshold: number;
  /** Every task key, id, name, group, check key, label, dimension, gate, tag, reason and warning, once. */
  readonly strings: readonly string[];

  /** Tasks as runTasks gives them: the `declaredTasks` of the run, then one per undeclared task key. */
  readonly declaredTasks: number;
  readonly taskKey: Int32Array;
  readonly taskId: Int32Array;
  readonly taskName: Int32Array;
  readonly taskGroup: Int32Array;
  readonly taskWeight: NumberColumn;

  /** Check definitions: the distinct (key, label, dimension, required, weight). */
  readonly templateKey: Int32Array;
  readonly templateLabel: Int32Array;
  readonly templateDimension: Int32Array;
  readonly templateRequired: Uint8Array;
  /** 0 where `templateHasWeight` is 0 (a weight of null). */
  readonly templateWeight: NumberColumn;
  readonly templateHasWeight: Uint8Array;
  /** Sequence s is templates sequenceTemplate[sequenceStart[s] .. sequenceStart[s + 1]). */
  readonly sequenceStart: Int32Array;
  readonly sequenceTemplate: Int32Array;

  /** Rollouts, in the run's order. */
  readonly rolloutId: StringColumn;
  /** Index into the tasks. */
  readonly rolloutTask: NumberColumn;
  readonly rolloutSequence: NumberColumn;
  /** Derived from the sequences: rollout r's checks are checkStart[r] .. checkStart[r + 1]. */
  readonly checkStart: Int32Array;
  /** ROLLOUT_STATUS, VERDICT_RULE and PASSED codes. */
  readonly rolloutStatus: Uint8Array;
  readonly rolloutRule: Uint8Array;
  readonly reportedPassed: Uint8Array;
  /** 0 where `hasReportedReward` is 0 (null). */
  readonly reportedReward: NumberColumn;
  readonly hasReportedReward: Uint8Array;
  /** Rollouts whose penalties are not 0 (−0 included). */
  readonly penalties: SparseColumn<NumberColumn>;
  /** Rollouts with a gate: the gate's string. */
  readonly gate: SparseColumn<Int32Array>;
  readonly unscoredReason: SparseColumn<Int32Array>;
  readonly source: SparseColumn<StringColumn>;
  /** Rollouts with a failure recorded: per field a string id, −1 for null. */
  readonly failure: {
    readonly at: Int32Array;
    readonly errorType: Int32Array;
    readonly message: Int32Array;
    readonly lastTool: Int32Array;
  };
  /** Rollouts with warnings (an empty list included): theirs are warningText[warningStart[k] .. [k + 1]). */
  readonly warningRollouts: Int32Array;
  readonly warningStart: Int32Array;
  readonly warningText: Int32Array;
  /** Rollouts with measures (an empty set included), each with a bit per MEASURE_KEYS entry it records. */
  readonly measured: SparseColumn<Uint16Array>;
  /** Per MEASURE_KEYS entry, the values of the measured rollouts that record it, in rollout order. */
  readonly measureValues: readonly NumberColumn[];

  /** Checks, in rollout order: CHECK_CODE bits. */
  readonly checkCode: Uint8Array;
  /** Checks whose score is a number other than the default (code SCORE_OWN): the score. */
  readonly scores: SparseColumn<Float64Array>;
  /** Per check: 0 when it has no failure tag, else 1 + its index in `tagStrings`. */
  readonly checkTag: NumberColumn;
  /** The distinct failure tags, as strings. */
  readonly tagStrings: Int32Array;

  /** null: the run has no warnings list. */
  readonly warnings: Int32Array | null;
  /** null: the run has no regrades list. */
  readonly regrades: RegradeColumns | null;
}

export interface RegradeColumns {
  readonly rollout: Int32Array;
  readonly originalReward: NumberColumn;
  readonly hasOriginalReward: Uint8Array;
  readonly newReward: NumberColumn;
  readonly hasNewReward: Uint8Array;
  readonly change: Int32Array;
}

export const ROLLOUT_STATUS = ["scored", "unscored"] as const;
export const VERDICT_RULES = ["checks", "reward", "grade"] as const;
export const CHECK_STATUSES = ["graded", "not_assigned", "error"] as const;
/** A verdict (passed, reported passed) as a code: 0 false, 1 true, 2 null. */
export const PASSED_CODES = [false, true, null] as const;
export const UNSCORED = 1;
export const RULE_CHECKS = 0;
export const RULE_REWARD = 1;
export const RULE_GRADE = 2;

/**
 * A check's code: bits 0–1 its verdict (PASSED_CODES), bits 2–3 its status (CHECK_STATUSES), bits 4–5 its
 * score: SCORE_DEFAULT (1 if passed, 0 if failed, null if no verdict), SCORE_NULL (null beside a verdict) or
 * SCORE_OWN (a number of its own, in `scores`).
 */
export const CHECK_CODE = { verdict: 0b11, status: 0b1100, score: 0b110000 } as const;
export const SCORE_DEFAULT = 0;
export const SCORE_NULL = 1 << 4;
export const SCORE_OWN = 2 << 4;

export const checkCode = (passed: number, status: number, score: number) => passed | (status << 2) | score;
export const codePassed = (code: number) => code & CHECK_CODE.verdict;
export const codeStatus = (code: number) => (code & CHECK_CODE.status) >> 2;
export const codeScore = (code: number) => code & CHECK_CODE.score;

/** Whether a run is given as columns rather than as objects (a ScoringRun has no check codes). */
export function isRunColumns(run: object): run is RunColumns {
  return "checkCode" in run;
}

/** Checks in a run. */
export const checkCount = (c: RunColumns) => c.checkCode.length;
export const rolloutCount = (c: RunColumns) => c.rolloutTask.length;
export const taskCount = (c: RunColumns) => c.taskKey.length;
