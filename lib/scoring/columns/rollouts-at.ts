import { MEASURE_KEYS, type MeasureKey, type Measures } from "../core/measures";
import type { ScoringCheck, ScoringRollout } from "../core/types";
import {
  CHECK_STATUSES,
  PASSED_CODES,
  ROLLOUT_STATUS,
  SCORE_NULL,
  SCORE_OWN,
  VERDICT_RULES,
  codePassed,
  codeScore,
  codeStatus,
  type RunColumns,
} from "./run-columns";
import { measuresAt, sparseAt } from "./run-of-columns";

/** How many entries of an ascending column are below `value` (where it is, or would go). */
function below(at: Int32Array, value: number): number {
  let lo = 0;
  let hi = at.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (at[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Per measure, how many measured rollouts before entry k of `c.measured` record it: kept per run's columns. */
const measureCursors = new WeakMap<RunColumns, Int32Array[]>();

/** Rollout r's measures: its entry in `measured`, each value at its place among the rollouts that record it. */
function measuresOf(c: RunColumns, k: number): Measures {
  let cursors = measureCursors.get(c);
  if (!cursors) {
    const n = c.measured.at.length;
    cursors = MEASURE_KEYS.map(() => new Int32Array(n));
    const seen = new Int32Array(MEASURE_KEYS.length);
    for (let j = 0; j < n; j++)
      for (let m = 0; m < MEASURE_KEYS.length; m++) {
        cursors[m]![j] = seen[m]!;
        if ((c.measured.values[j]! & (1 << m)) !== 0) seen[m]! += 1;
      }
    measureCursors.set(c, cursors);
  }
  const mask = c.measured.values[k]!;
  const out: Partial<Record<MeasureKey, number>> = {};
  for (let m = 0; m < MEASURE_KEYS.length; m++)
    if ((mask & (1 << m)) !== 0) out[MEASURE_KEYS[m]!] = c.measureValues[m]![cursors[m]![k]!]!;
  return out;
}

/**
 * Some rollouts of the columns as objects (by index, in the order given), each equal to its entry of
 * runOfColumns(c).rollouts: what a page about one task or rollout reads, without making the run's other
 * rollouts. Cost: the rollouts' own checks, and a binary search or a pass over the sparse columns per rollout.
 */
export function rolloutsAt(c: RunColumns, indexes: readonly number[]): ScoringRollout[] {
  const s = c.strings;
  return indexes.map((r) => {
    const first = c.checkStart[r]!;
    const end = c.checkStart[r + 1]!;
    const from = c.sequenceStart[c.rolloutSequence[r]!]!;
    let score = below(c.scores.at, first);
    const checks: ScoringCheck[] = [];
    for (let i = first, j = 0; i < end; i++, j++) {
      const t = c.sequenceTemplate[from + j]!;
      const code = c.checkCode[i]!;
      const passed = PASSED_CODES[codePassed(code)]!;
      const state = codeScore(code);
      const tag = c.checkTag[i]!;
      checks.push({
        key: s[c.templateKey[t]!]!,
        label: s[c.templateLabel[t]!]!,
        passed,
        score:
          state === SCORE_OWN
            ? c.scores.values[score++]!
            : state === SCORE_NULL || passed === null
              ? null
              : passed
                ? 1
                : 0,
        required: c.templateRequired[t] === 1,
        dimension: s[c.templateDimension[t]!]!,
        status: CHECK_STATUSES[codeStatus(code)]!,
        weight: c.templateHasWeight[t] === 1 ? c.templateWeight[t]! : null,
        failureTag: tag === 0 ? null : s[c.tagStrings[tag - 1]!]!,
      });
    }
    const penalty = sparseAt(c.penalties.at, r);
    const gate = sparseAt(c.gate.at, r);
    const rollout: ScoringRollout = {
      id: c.rolloutId.at(r),
      task: s[c.taskKey[c.rolloutTask[r]!]!]!,
      status: ROLLOUT_STATUS[c.rolloutStatus[r]!]!,
      rule: VERDICT_RULES[c.rolloutRule[r]!]!,
      reportedPassed: PASSED_CODES[c.reportedPassed[r]!]!,
      reportedReward: c.hasReportedReward[r] === 1 ? c.reportedReward[r]! : null,
      penalties: penalty < 0 ? 0 : c.penalties.values[penalty]!,
      gate: gate < 0 ? null : s[c.gate.values[gate]!]!,
      checks,
    };
    const extra = rollout as { -readonly [K in keyof ScoringRollout]: ScoringRollout[K] };
    const reason = sparseAt(c.unscoredReason.at, r);
    if (reason >= 0) extra.unscoredReason = s[c.unscoredReason.values[reason]!]!;
    const measured = sparseAt(c.measured.at, r);
    if (measured >= 0) extra.measures = measuresOf(c, measured);
    const source = sparseAt(c.source.at, r);
    if (source >= 0) extra.source = c.source.values.at(source);
    const failure = sparseAt(c.failure.at, r);
    if (failure >= 0) {
      const text = (id: number) => (id < 0 ? null : s[id]!);
      extra.failure = {
        errorType: text(c.failure.errorType[failure]!),
        message: text(c.failure.message[failure]!),
        lastTool: text(c.failure.lastTool[failure]!),
      };
    }
    const warned = sparseAt(c.warningRollouts, r);
    if (warned >= 0) {
      const list: string[] = [];
      for (let k = c.warningStart[warned]!; k < c.warningStart[warned + 1]!; k++) list.push(s[c.warningText[k]!]!);
      extra.warnings = list;
    }
    return rollout;
  });
}

/** Every rollout's status and measures (what budgetDistribution reads), in run order, in one pass. */
export function rolloutMeasures(c: RunColumns): Pick<ScoringRollout, "status" | "measures">[] {
  const n = c.rolloutTask.length;
  const cursors = new Int32Array(MEASURE_KEYS.length);
  const out = new Array<Pick<ScoringRollout, "status" | "measures">>(n);
  let k = 0;
  for (let r = 0; r < n; r++) {
    const status = ROLLOUT_STATUS[c.rolloutStatus[r]!]!;
    if (k < c.measured.at.length && c.measured.at[k] === r) out[r] = { status, measures: measuresAt(c, k++, cursors) };
    else out[r] = { status };
  }
  return out;
}

/** The rollouts that record why they are unscored, with the reason, in run order. */
export function unscoredReasons(c: RunColumns): { id: string; unscoredReason: string }[] {
  const { at, values } = c.unscoredReason;
  return Array.from(at, (r, k) => ({ id: c.rolloutId.at(r), unscoredReason: c.strings[values[k]!]! }));
}
