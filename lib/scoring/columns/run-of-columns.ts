import { MEASURE_KEYS, type MeasureKey, type Measures } from "../core/measures";
import type { ScoringCheck, ScoringRollout, ScoringRun, ScoringTask } from "../core/types";
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

/** Per rollout, the index of its entry in a sparse column, or −1. */
export function sparseIndex(at: Int32Array, rollouts: number): Int32Array {
  const out = new Int32Array(rollouts).fill(-1);
  for (let k = 0; k < at.length; k++) out[at[k]!] = k;
  return out;
}

/** Where rollout r is in ascending positions `at` (a sparse column's), or −1: one read without a whole index. */
export function sparseAt(at: Int32Array, r: number): number {
  let lo = 0;
  let hi = at.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = at[mid]!;
    if (v === r) return mid;
    if (v < r) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** Task row t as an object. */
export function taskAt(c: RunColumns, t: number): ScoringTask {
  const s = c.strings;
  const name = c.taskName[t]!;
  const group = c.taskGroup[t]!;
  return {
    key: s[c.taskKey[t]!]!,
    taskId: s[c.taskId[t]!]!,
    name: name < 0 ? null : s[name]!,
    group: group < 0 ? null : s[group]!,
    weight: c.taskWeight[t]!,
  };
}

/** The tasks as objects (runTasks order: the declared ones, then one per undeclared key). */
export function tasksOf(c: RunColumns): ScoringTask[] {
  return Array.from(c.taskKey, (_, t) => taskAt(c, t));
}

/** The measures of measured rollout k (an index into `c.measured`), as a ScoringRollout holds them. */
export function measuresAt(c: RunColumns, k: number, cursors: Int32Array): Measures {
  const mask = c.measured.values[k]!;
  const out: Partial<Record<MeasureKey, number>> = {};
  for (let m = 0; m < MEASURE_KEYS.length; m++) {
    if ((mask & (1 << m)) === 0) continue;
    out[MEASURE_KEYS[m]!] = c.measureValues[m]![cursors[m]!++]!;
  }
  return out;
}

/**
 * The run the columns hold, as the object model of lib/scoring/core (for callers that still read one).
 * Identical checks (same definition, verdict, status and tag, default score) are one shared object: a run is
 * read-only, and 1,200,000 checks are a few hundred distinct ones.
 */
export function runOfColumns(c: RunColumns): ScoringRun {
  const s = c.strings;
  const tasks = tasksOf(c);
  const n = c.rolloutTask.length;
  const ids = c.rolloutId.all();
  const sources = c.source.values.all();
  const gate = sparseIndex(c.gate.at, n);
  const penalty = sparseIndex(c.penalties.at, n);
  const reason = sparseIndex(c.unscoredReason.at, n);
  const source = sparseIndex(c.source.at, n);
  const failed = sparseIndex(c.failure.at, n);
  const stringOrNull = (id: number) => (id < 0 ? null : s[id]!);
  const warned = sparseIndex(c.warningRollouts, n);
  const measured = sparseIndex(c.measured.at, n);
  const cursors = new Int32Array(MEASURE_KEYS.length);
  const shared = new Map<number, ScoringCheck>();
  const codes = 256;
  let score = 0;

  const check = (t: number, code: number, ownScore: number, failureTag: string | null): ScoringCheck => {
    const passed = PASSED_CODES[codePassed(code)]!;
    const state = codeScore(code);
    const weight = c.templateHasWeight[t] === 1 ? c.templateWeight[t]! : null;
    return {
      key: s[c.templateKey[t]!]!,
      label: s[c.templateLabel[t]!]!,
      passed,
      score: state === SCORE_OWN ? ownScore : state === SCORE_NULL || passed === null ? null : passed ? 1 : 0,
      required: c.templateRequired[t] === 1,
      dimension: s[c.templateDimension[t]!]!,
      status: CHECK_STATUSES[codeStatus(code)]!,
      weight,
      failureTag,
    };
  };

  const rollouts = new Array<ScoringRollout>(n);
  for (let r = 0; r < n; r++) {
    const seq = c.rolloutSequence[r]!;
    const from = c.sequenceStart[seq]!;
    const first = c.checkStart[r]!;
    const checks = new Array<ScoringCheck>(c.checkStart[r + 1]! - first);
    for (let j = 0; j < checks.length; j++) {
      const i = first + j;
      const t = c.sequenceTemplate[from + j]!;
      const code = c.checkCode[i]!;
      const own = codeScore(code) === SCORE_OWN ? c.scores.values[score++]! : 0;
      const tag = c.checkTag[i]!;
      const tagged = tag === 0 ? null : s[c.tagStrings[tag - 1]!]!;
      if (codeScore(code) === SCORE_OWN || tagged !== null) {
        checks[j] = check(t, code, own, tagged);
        continue;
      }
      const id = t * codes + code;
      let one = shared.get(id);
      if (one === undefined) shared.set(id, (one = check(t, code, 0, null)));
      checks[j] = one;
    }
    const rollout: ScoringRollout = {
      id: ids[r]!,
      task: tasks[c.rolloutTask[r]!]!.key,
      status: ROLLOUT_STATUS[c.rolloutStatus[r]!]!,
      rule: VERDICT_RULES[c.rolloutRule[r]!]!,
      reportedPassed: PASSED_CODES[c.reportedPassed[r]!]!,
      reportedReward: c.hasReportedReward[r] === 1 ? c.reportedReward[r]! : null,
      penalties: penalty[r]! < 0 ? 0 : c.penalties.values[penalty[r]!]!,
      gate: gate[r]! < 0 ? null : s[c.gate.values[gate[r]!]!]!,
      checks,
    };
    const extra = rollout as { -readonly [K in keyof ScoringRollout]: ScoringRollout[K] };
    if (reason[r]! >= 0) extra.unscoredReason = s[c.unscoredReason.values[reason[r]!]!]!;
    if (measured[r]! >= 0) extra.measures = measuresAt(c, measured[r]!, cursors);
    if (source[r]! >= 0) extra.source = sources[source[r]!]!;
    const f = failed[r]!;
    if (f >= 0)
      extra.failure = {
        errorType: stringOrNull(c.failure.errorType[f]!),
        message: stringOrNull(c.failure.message[f]!),
        lastTool: stringOrNull(c.failure.lastTool[f]!),
      };
    const w = warned[r]!;
    if (w >= 0) {
      const list: string[] = [];
      for (let k = c.warningStart[w]!; k < c.warningStart[w + 1]!; k++) list.push(s[c.warningText[k]!]!);
      extra.warnings = list;
    }
    rollouts[r] = rollout;
  }

  const run: ScoringRun = {
    name: c.name,
    format: c.format,
    tasks: tasks.slice(0, c.declaredTasks),
    rollouts,
    passThreshold: c.passThreshold,
  };
  const out = run as { -readonly [K in keyof ScoringRun]: ScoringRun[K] };
  if (c.warnings !== null) out.warnings = Array.from(c.warnings, (w) => s[w]!);
  const g = c.regrades;
  if (g !== null)
    out.regrades = Array.from(g.rollout, (id, k) => ({
      rollout: s[id]!,
      originalReward: g.hasOriginalReward[k] === 1 ? g.originalReward[k]! : null,
      newReward: g.hasNewReward[k] === 1 ? g.newReward[k]! : null,
      change: s[g.change[k]!]!,
    }));
  return run;
}
