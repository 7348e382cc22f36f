import {
  CHECK_CODE,
  RULE_CHECKS,
  RULE_GRADE,
  RULE_REWARD,
  SCORE_OWN,
  UNSCORED,
  type RunColumns,
} from "../../columns/run-columns";
import { metricKind } from "../../core/dimensions";
import { DEFAULT_SCHEME, headlineMetric } from "../report-metrics";
import type { Lever } from "../report-types";
import { SuiteSums } from "../suite-sums";
import type { TaskCell } from "../task-flip";
import type { ColumnEdits } from "./column-edits";
import type { ColumnScorer } from "./column-scorer";
import { OVER, rolloutReward, type RolloutInputs } from "./rollout-inputs";

/** Below this a headline change is rounding, not an effect (levers.ts). */
const NO_EFFECT = 1e-12;
const EPSILON = 1e-9;

/** A typed array of at least `n` elements: `a` itself when it is long enough. */
function atLeast<T extends Int32Array | Uint8Array | Float64Array>(a: T, n: number, make: (n: number) => T): T {
  return a.length >= n ? a : make(Math.max(n, a.length * 2));
}

/**
 * One task's checks as the scenario leaves them and as recorded, per check in rollout order: what TaskFlip
 * (task-flip.ts) reads of a ScoringCheck, from the columns. One instance serves task after task (`load`): its
 * arrays grow to the largest task and are reused, so a run of 20,000 tasks allocates a few arrays, not 300,000.
 * Only the first `total` entries (and `rows + 1` of `start`) are the loaded task's.
 */
class TaskChecks {
  total = 0;
  rows = 0;
  /** Per rollout of the task: its first check here; check k of the task belongs to rollout rollout[k]. */
  start = new Int32Array(0);
  rollout = new Int32Array(0);
  /** Check key and label as name ids (ColumnModel.names). */
  key = new Int32Array(0);
  label = new Int32Array(0);
  column = new Int32Array(0);
  weight = new Float64Array(0);
  /** As the scenario leaves them: graded, verdict (0 false, 1 true, 2 null), score, required. */
  graded = new Uint8Array(0);
  passed = new Uint8Array(0);
  score = new Float64Array(0);
  required = new Uint8Array(0);
  /** As recorded. */
  ownGraded = new Uint8Array(0);
  ownPassed = new Uint8Array(0);
  ownScore = new Float64Array(0);
  ownRequired = new Uint8Array(0);

  load(scorer: ColumnScorer, edits: ColumnEdits, rows: Int32Array): void {
    const { model } = scorer;
    const c = model.columns;
    let total = 0;
    for (const r of rows) total += c.checkStart[r + 1]! - c.checkStart[r]!;
    this.total = total;
    this.rows = rows.length;
    const ints = (n: number) => new Int32Array(n);
    const bytes = (n: number) => new Uint8Array(n);
    const floats = (n: number) => new Float64Array(n);
    this.start = atLeast(this.start, rows.length + 1, ints);
    this.rollout = atLeast(this.rollout, total, ints);
    this.key = atLeast(this.key, total, ints);
    this.label = atLeast(this.label, total, ints);
    this.column = atLeast(this.column, total, ints);
    this.weight = atLeast(this.weight, total, floats);
    this.graded = atLeast(this.graded, total, bytes);
    this.passed = atLeast(this.passed, total, bytes);
    this.score = atLeast(this.score, total, floats);
    this.required = atLeast(this.required, total, bytes);
    this.ownGraded = atLeast(this.ownGraded, total, bytes);
    this.ownPassed = atLeast(this.ownPassed, total, bytes);
    this.ownScore = atLeast(this.ownScore, total, floats);
    this.ownRequired = atLeast(this.ownRequired, total, bytes);
    const t = c.rolloutTask[rows[0]!]!;
    const required = edits.required[t];
    const allFlips = edits.flips[t];
    let k = 0;
    for (let q = 0; q < rows.length; q++) {
      const r = rows[q]!;
      this.start[q] = k;
      const flips = allFlips?.filter((f) => f.rollout === undefined || f.rollout === model.ids[r]);
      const seqStart = c.sequenceStart[c.rolloutSequence[r]!]!;
      const grade = c.rolloutRule[r] === RULE_GRADE;
      let own = model.scoreStart[r]!;
      for (let i = c.checkStart[r]!, j = 0; i < c.checkStart[r + 1]!; i++, j++, k++) {
        const tmpl = c.sequenceTemplate[seqStart + j]!;
        const code = c.checkCode[i]!;
        const passed = code & CHECK_CODE.verdict;
        const hasOwn = (code & CHECK_CODE.score) === SCORE_OWN;
        const graded = (code & CHECK_CODE.status) === 0 && (passed !== 2 || hasOwn);
        const score = hasOwn ? c.scores.values[own++]! : passed === 1 ? 1 : 0;
        const key = model.templateKeyName[tmpl]!;
        const label = model.templateLabelName[tmpl]!;
        this.rollout[k] = r;
        this.key[k] = key;
        this.label[k] = label;
        this.column[k] = model.templateColumn[tmpl]!;
        this.ownGraded[k] = graded ? 1 : 0;
        this.ownPassed[k] = passed;
        this.ownScore[k] = score;
        this.ownRequired[k] = c.templateRequired[tmpl]!;
        let weight = c.templateHasWeight[tmpl] === 1 ? c.templateWeight[tmpl]! : 0;
        if (grade && edits.componentWeight !== null && edits.hasComponentWeight![tmpl] === 1)
          weight = edits.componentWeight[tmpl]!;
        this.weight[k] = weight;
        let isRequired = c.templateRequired[tmpl]!;
        let flip = -1;
        for (const e of required ?? []) if (e.check === key || e.check === label) isRequired = e.required ? 1 : 0;
        for (const e of flips ?? []) if (e.check === key || e.check === label) flip = e.passed ? 1 : 0;
        this.required[k] = isRequired;
        this.graded[k] = flip >= 0 ? 1 : this.ownGraded[k]!;
        this.passed[k] = flip >= 0 ? flip : passed;
        this.score[k] = flip >= 0 ? flip : score;
      }
    }
    this.start[rows.length] = k;
  }

  /** flipChanges (apply-scenario.ts): whether flipping check k to `passed` changes what scoring reads of it. */
  flipChanges(k: number, passed: number): boolean {
    return this.graded[k] === 0 || this.passed[k] !== passed || this.score[k] !== passed;
  }
}

/**
 * One task re-scored under single flips (TaskFlip in task-flip.ts, step for step): only the rollouts whose
 * checks a flip changes are scored again; under a dimension headline the flip's changes are added to the cells.
 * One instance serves task after task (`load`), reusing its arrays.
 */
class ColumnTaskFlip {
  readonly checks = new TaskChecks();
  private changed = new Uint8Array(0);
  private readonly changedList: number[] = [];
  private addedSum = new Float64Array(0);
  private addedCount = new Float64Array(0);
  private flip = { check: -1, passed: 0 };
  private readonly columns: number[] = [];
  private rows: Int32Array = new Int32Array(0);

  constructor(
    private readonly scorer: ColumnScorer,
    private readonly edits: ColumnEdits,
    private readonly inputs: RolloutInputs,
    /** The metric index of a dimension headline, else −1. */
    private readonly dimension: number,
  ) {}

  /** Makes this the flip of the task whose rollouts are `rows`. */
  load(rows: Int32Array): void {
    this.rows = rows;
    this.checks.load(this.scorer, this.edits, rows);
    this.changed = atLeast(this.changed, rows.length, (n) => new Uint8Array(n));
    this.addedSum = atLeast(this.addedSum, rows.length, (n) => new Float64Array(n));
    this.addedCount = atLeast(this.addedCount, rows.length, (n) => new Float64Array(n));
    this.clear();
  }

  private clear(): void {
    this.columns.length = 0;
    for (const q of this.changedList) {
      this.changed[q] = 0;
      this.addedSum[q] = 0;
      this.addedCount[q] = 0;
    }
    this.changedList.length = 0;
  }

  apply(check: number, passed: boolean): boolean {
    const score = passed ? 1 : 0;
    this.flip = { check, passed: score };
    this.clear();
    const ch = this.checks;
    for (let q = 0; q < ch.rows; q++) {
      for (let k = ch.start[q]!; k < ch.start[q + 1]!; k++) {
        if (ch.key[k] !== check && ch.label[k] !== check) continue;
        if (!ch.flipChanges(k, score)) continue;
        if (this.changed[q] === 0) {
          this.changed[q] = 1;
          this.changedList.push(q);
        }
        if (!this.columns.includes(ch.column[k]!)) this.columns.push(ch.column[k]!);
        if (ch.column[k] !== this.dimension) continue;
        if (ch.graded[k] === 1) this.addedSum[q]! += score - ch.score[k]!;
        else {
          this.addedSum[q]! += score;
          this.addedCount[q]! += 1;
        }
      }
    }
    return this.changedList.length > 0;
  }

  touches(m: number): boolean {
    return this.columns.includes(m);
  }

  /** The task's figure for metric m under the current flip (TaskFlip.taskCell). */
  taskCell(m: number): TaskCell {
    if (m < 0) return { value: 0, pooled: 0, votes: 0 };
    const { state, model } = this.scorer;
    const cells = state.cells;
    const W = state.width;
    const c = model.columns;
    const dimension = metricKind(model.metrics[m]!) === "dimension";
    const failUnscored = this.edits.policy === "fail" && (!dimension || this.gradesDimension(m));
    let n = 0;
    let valueSum = 0;
    let sum = 0;
    let votes = 0;
    const cell = { value: 0, sum: 0, votes: 0 };
    for (let q = 0; q < this.rows.length; q++) {
      const r = this.rows[q]!;
      let value = 0;
      let cellSum = 0;
      let cellVotes: number;
      if (c.rolloutStatus[r] === UNSCORED) {
        cellVotes = failUnscored ? 1 : 0;
      } else if (this.changed[q] && m !== this.dimension) {
        this.scoreRollout(q, m, cell);
        ({ value, sum: cellSum, votes: cellVotes } = cell);
      } else {
        const i = r * W + m;
        value = cells.value[i]!;
        cellSum = cells.sum[i]!;
        cellVotes = cells.votes[i]!;
        if (this.changed[q] && (this.addedSum[q] !== 0 || this.addedCount[q] !== 0)) {
          cellSum += this.addedSum[q]!;
          cellVotes += this.addedCount[q]!;
          value = cellSum / cellVotes;
        }
      }
      if (cellVotes === 0) continue;
      n += 1;
      valueSum += value;
      sum += cellSum;
      votes += cellVotes;
    }
    return n === 0 ? { value: 0, pooled: 0, votes: 0 } : { value: valueSum / n, pooled: sum / votes, votes };
  }

  private gradesDimension(m: number): boolean {
    if (this.touches(m)) return true;
    const ch = this.checks;
    for (let k = 0; k < ch.total; k++) if (ch.column[k] === m && ch.graded[k] === 1) return true;
    return false;
  }

  /** Scores scored rollout q of the task under the current flip, for metric m (TaskFlip.scoreRollout). */
  private scoreRollout(q: number, m: number, cell: { value: number; sum: number; votes: number }): void {
    const { model } = this.scorer;
    const c = model.columns;
    const ch = this.checks;
    const r = this.rows[q]!;
    const rule = c.rolloutRule[r]!;
    const gate = model.gateName[r]!;
    const verdict = m === model.completion || m === model.reward;
    const { check, passed: flipTo } = this.flip;
    let count = 0;
    let scoreSum = 0;
    let weightedSum = 0;
    let gatePassed = false;
    let failedRequired = 0;
    let dimensionSum = 0;
    let dimensionCount = 0;
    let checksChanged = false;
    for (let k = ch.start[q]!; k < ch.start[q + 1]!; k++) {
      const flipped = (ch.key[k] === check || ch.label[k] === check) && ch.flipChanges(k, flipTo);
      const graded = flipped ? true : ch.graded[k] === 1;
      const passed = flipped ? flipTo : ch.passed[k]!;
      const score = flipped ? flipTo : ch.score[k]!;
      const required = ch.required[k] === 1;
      // verdictDiffers against the recorded check, as applyScenario decides checksChanged.
      const differs =
        (ch.ownGraded[k] === 1) !== graded ||
        (ch.ownRequired[k] === 1) !== required ||
        (graded && (ch.ownPassed[k] !== passed || ch.ownScore[k] !== score));
      if (!graded) {
        if (verdict && !checksChanged && differs) checksChanged = true;
        continue;
      }
      if (verdict) {
        if (!checksChanged && differs) checksChanged = true;
        if (required && passed === 0) failedRequired += 1;
        count += 1;
        scoreSum += score;
        weightedSum += score * ch.weight[k]!;
        if (passed === 1 && gate >= 0 && ch.key[k] === gate) gatePassed = true;
      }
      if (ch.column[k] === m) {
        dimensionSum += score;
        dimensionCount += 1;
      }
    }
    if (dimensionCount > 0) {
      cell.value = dimensionSum / dimensionCount;
      cell.sum = dimensionSum;
      cell.votes = dimensionCount;
      return;
    }
    cell.value = cell.sum = cell.votes = 0;
    if (!verdict) return;
    const reward = rolloutReward(this.inputs, r, rule, checksChanged, count, scoreSum, weightedSum);
    const rewarded = !Number.isNaN(reward);
    const reaches = rewarded && reward >= this.edits.passThreshold - EPSILON;
    const passed =
      rule === RULE_CHECKS ? failedRequired === 0 : rule === RULE_REWARD ? reaches : gate === -1 ? reaches : gatePassed;
    if (m === model.completion) {
      const over = this.inputs.standing !== null && this.inputs.standing[r] === OVER;
      cell.value = cell.sum = passed && !over ? 1 : 0;
      cell.votes = 1;
    } else if (rewarded) {
      cell.votes = Math.max(1, count);
      cell.value = reward;
      cell.sum = reward * cell.votes;
    }
  }
}

/**
 * Fragile verdicts (levers.ts) of the scenario the scorer last scored, from its columns and its kept state:
 * the same candidates, the same re-scoring of the rollouts a flip changes, the same sums, so the same levers.
 */
export function columnLevers(scorer: ColumnScorer, limit: number): Lever[] {
  const { state, model } = scorer;
  const edits = scorer.edits;
  const inputs = scorer.rolloutInputs;
  const { scenario } = edits;
  const scheme = scenario.headline?.scheme ?? DEFAULT_SCHEME;
  const requested = scenario.headline?.metric;
  const sums = new Map<string, SuiteSums | null>();
  const sumsOf = (metric: string): SuiteSums | null => {
    let s = sums.get(metric);
    if (s === undefined) {
      const m = model.metrics.indexOf(metric);
      s = m < 0 ? null : new SuiteSums(state.taskCells, m, scheme, edits.weights, model.taskGroup, edits.groupWeight);
      sums.set(metric, s);
    }
    return s;
  };
  const scoredTasks = model.scoredTasks;
  const { metric: headline, fallback } = headlineMetric(requested, {
    eligibleTasks: (name) => sumsOf(name)?.eligibleTasks ?? 0,
    scoredTasks,
  });
  const base = sumsOf(headline)?.base ?? null;
  if (base === null) return [];
  const dimension = fallback === null && metricKind(headline) === "dimension" ? model.metrics.indexOf(headline) : -1;

  const found: Lever[] = [];
  const nameText: string[] = [];
  for (const [text, id] of model.names) nameText[id] = text;
  const flip = new ColumnTaskFlip(scorer, edits, inputs, dimension);
  for (let t = 0; t < model.tasks.length; t++) {
    const task = model.tasks[t]!.key;
    const from = model.taskStart[t]!;
    const to = model.taskStart[t + 1]!;
    if (task === "" || to === from) continue;
    flip.load(model.taskRollouts.subarray(from, to));
    for (const candidate of candidates(flip.checks, nameText)) {
      if (!flip.apply(candidate.check, candidate.passed)) continue;
      if (dimension >= 0 && !flip.touches(dimension)) continue;
      const metric =
        fallback === null
          ? headline
          : headlineMetric(requested, {
              eligibleTasks: (name) => {
                const s = sumsOf(name);
                if (s === null) return 0;
                const cell = flip.taskCell(model.metrics.indexOf(name));
                return s.eligibleTasks - (s.eligible(t) ? 1 : 0) + (cell.votes !== 0 ? 1 : 0);
              },
              scoredTasks,
            }).metric;
      const cell = flip.taskCell(model.metrics.indexOf(metric));
      const value = sumsOf(metric)?.valueWith(t, cell.value, cell.pooled, cell.votes) ?? null;
      if (value === null) continue;
      const delta = value - base;
      if (Math.abs(delta) < NO_EFFECT) continue;
      found.push({ task, check: candidate.text, label: candidate.label, passed: candidate.passed, delta });
    }
  }
  // A stable sort: equal effects keep task order, then check order.
  found.sort((a, b) => Math.abs(b.delta) - Math.abs(a.delta));
  return found.slice(0, limit);
}

/**
 * The checks of one task that have a verdict to get wrong (levers.ts candidates): each check key graded in
 * some rollout, in order of first appearance, with its first label, flipped against most of its verdicts.
 */
function candidates(
  ch: TaskChecks,
  nameText: readonly string[],
): { check: number; text: string; label: string; passed: boolean }[] {
  // By key name id (one per key text), in order of first appearance.
  const tally = new Map<number, { label: number; passes: number; failures: number }>();
  for (let k = 0; k < ch.total; k++) {
    const key = ch.key[k]!;
    let entry = tally.get(key);
    if (!entry) tally.set(key, (entry = { label: ch.label[k]!, passes: 0, failures: 0 }));
    if (ch.graded[k] === 0) continue;
    if (ch.passed[k] === 1) entry.passes += 1;
    else if (ch.passed[k] === 0) entry.failures += 1;
  }
  const out: { check: number; text: string; label: string; passed: boolean }[] = [];
  for (const [check, e] of tally) {
    const text = nameText[check]!;
    if (text === "" || e.passes + e.failures === 0) continue;
    out.push({ check, text, label: nameText[e.label]!, passed: e.failures > e.passes });
  }
  return out;
}

/**
 * A bound on columnLevers' work on a run's columns: per task, the checks of its rollouts times the checks it may
 * flip (each of its distinct check sequences' length, at most its checks), summed. Each candidate flip re-scores
 * the task's checks, so a task of one rollout of 100,000 checks costs 10^10 (28 s in Node) where the bench's run
 * of 20,000 tasks × 5 rollouts × 12 checks costs 1.4 × 10^7 (0.24 s).
 */
export function leverWork(c: RunColumns): number {
  const T = c.taskKey.length;
  const checks = new Float64Array(T);
  const flips = new Float64Array(T);
  const seenBy = new Int32Array(c.sequenceStart.length).fill(-1);
  for (let r = 0; r < c.rolloutTask.length; r++) {
    const t = c.rolloutTask[r]!;
    checks[t]! += c.checkStart[r + 1]! - c.checkStart[r]!;
    const seq = c.rolloutSequence[r]!;
    // A sequence met again after another task's counts again: an over-estimate, never an under-estimate.
    if (seenBy[seq] === t) continue;
    seenBy[seq] = t;
    flips[t]! += c.sequenceStart[seq + 1]! - c.sequenceStart[seq]!;
  }
  let work = 0;
  for (let t = 0; t < T; t++) work += checks[t]! * Math.min(flips[t]!, checks[t]!);
  return work;
}
