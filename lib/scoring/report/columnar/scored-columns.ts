import { CHECK_CODE, RULE_CHECKS, RULE_GRADE, RULE_REWARD, SCORE_OWN, UNSCORED } from "../../columns/run-columns";
import { RolloutCells, TaskCells } from "../../core/dimensions";
import { passAtKMaps } from "../../core/pass-at-k";
import type { ColumnEdits, FlipEdit, RequiredEdit } from "./column-edits";
import type { ColumnModel } from "./column-model";
import { OVER, rolloutReward, type RolloutInputs } from "./rollout-inputs";

// Module constants: a bundler may read an imported binding through a getter, on every check in the loops below.
const VERDICT_BITS = CHECK_CODE.verdict;
const STATUS_BITS = CHECK_CODE.status;
const SCORE_BITS = CHECK_CODE.score;
const OWN_SCORE = SCORE_OWN;
const IS_UNSCORED = UNSCORED;
const CHECKS = RULE_CHECKS;
const REWARD = RULE_REWARD;
const GRADE = RULE_GRADE;
const IS_OVER = OVER;

/** Rewards are compared with a tolerance so that 0.1 + 0.2 style sums still reach a threshold of 0.3 (rollout.ts). */
const EPSILON = 1e-9;
/** A rollout's failed required checks are kept as a bit per check position up to this many checks. */
const MASK_BITS = 31;

type PassAtKMaps = ReturnType<typeof passAtKMaps>;

/** Whether two figures read differently: −0 differs from 0, and NaN from itself (its row is made again). */
const differs = (a: number, b: number) => a !== b || (a === 0 && 1 / a !== 1 / b);

/**
 * A run's columns scored under one scenario, held as columns: per rollout its verdict and cells, per task its
 * figures and what it adds to the failures table, the authority gate and the check tallies. Scoring is per
 * task (scoreTask): a task's figures read only its own rollouts, so a scenario that changes one task's checks
 * re-scores that task alone. The arithmetic is rollout.ts, score-rollouts.ts, dimensions.ts and
 * task-summary.ts step for step, in the same order, so every figure is the same float.
 * `rolloutStale` and `taskStale` mark the rollouts and tasks whose figures a scoring changed (ReportRows makes
 * their rows again and clears the marks).
 */
export class ScoredColumns {
  readonly width: number;
  /** Per rollout: passed (after the budget), passed without the budget, reward, whether a scenario changed a check. */
  readonly passed: Uint8Array;
  readonly verdictPassed: Uint8Array;
  readonly reward: Float64Array;
  readonly hasReward: Uint8Array;
  readonly changed: Uint8Array;
  /**
   * The graded required checks that failed: a bit per position in the rollout's sequence, or (a rollout of
   * more than MASK_BITS checks) their labels in `failedLabels`.
   */
  readonly failedMask: Int32Array;
  readonly failedLabels = new Map<number, string[]>();
  readonly cells: RolloutCells;
  readonly rolloutStale: Uint8Array;
  /** Nothing scored yet: every row is stale, so writes skip comparing with what they replace. */
  fresh = true;

  /** Per task (TaskCells layout, and the figures of summarizeTask). */
  readonly taskCells: TaskCells;
  readonly scored: Int32Array;
  readonly counted: Int32Array;
  readonly passes: Int32Array;
  readonly meanReward: Float64Array;
  readonly best: Float64Array;
  readonly worst: Float64Array;
  /** Rewards counted: meanReward, best and worst are null when 0. */
  readonly rewardCount: Int32Array;
  readonly passAtK: PassAtKMaps[];
  readonly taskStale: Uint8Array;

  /** Per task identity slot (ColumnModel.slotIdentity): graded required checks, failures, first of each (check index or −1). */
  readonly slotRollouts: Int32Array;
  readonly slotFailures: Int32Array;
  readonly slotFirst: Int32Array;
  readonly slotFirstFail: Int32Array;
  /** Per task tag slot: failed checks with the tag, and the first (check index). */
  readonly tagCount: Int32Array;
  readonly tagFirst: Int32Array;
  /** Per task: graded authority checks, and the failed ones (rollout and check index, in check order). */
  readonly authorityChecks: Int32Array;
  readonly violations: (number[] | null)[];
  /** Per task and metric (TaskCells layout): graded checks of scored rollouts, and those that passed. */
  readonly tallyGraded: Int32Array;
  readonly tallyPassed: Int32Array;

  /** Scratch: a task's identity and tag slots, one rollout's sums and new cells, a task's graded dimensions. */
  private readonly slotOf: Int32Array;
  /**
   * Per sequence position, within the task being scored: graded required checks, failures, and the first of
   * each (check index). Summed into the task's identity slots once its rollouts are scored (foldPositions), so
   * the loop over checks counts by position and never looks up a slot.
   */
  private readonly positionCount: Int32Array;
  private readonly positionFailures: Int32Array;
  private readonly positionFirst: Int32Array;
  private readonly positionFirstFail: Int32Array;
  /**
   * The sequences of the task being scored (as many as it lists: each at most once), and
   * per sequence the task listing it (−1 once folded). Typed: emptying an array by its length frees its store,
   * which the next task would allocate again.
   */
  private readonly taskSequences: Int32Array;
  private readonly sequenceSeen: Int32Array;
  private readonly tagSlotOf: Int32Array;
  private readonly dimSum: Float64Array;
  private readonly dimCount: Float64Array;
  private readonly dimPassed: Float64Array;
  private readonly taskGrades: Uint8Array;
  private readonly next: RolloutCells;
  /** Scratch per rollout: its violated checks, and the positions of its failed required checks. */
  private violated = new Int32Array(64);
  private failedPositions = new Int32Array(64);

  /** The scratch arrays, grown to hold `checks` entries. */
  private scratch(checks: number): Int32Array {
    if (this.violated.length < checks) {
      this.violated = new Int32Array(checks);
      this.failedPositions = new Int32Array(checks);
    }
    return this.violated;
  }
  private readonly passAtKCache = new Map<number, PassAtKMaps>();

  constructor(readonly model: ColumnModel) {
    const n = model.columns.rolloutTask.length;
    const T = model.tasks.length;
    const W = (this.width = model.width);
    this.passed = new Uint8Array(n);
    this.verdictPassed = new Uint8Array(n);
    this.reward = new Float64Array(n);
    this.hasReward = new Uint8Array(n);
    this.changed = new Uint8Array(n);
    this.failedMask = new Int32Array(n);
    this.cells = new RolloutCells(n, W);
    this.rolloutStale = new Uint8Array(n).fill(1);
    this.taskCells = new TaskCells(T, W);
    this.scored = new Int32Array(T);
    this.counted = new Int32Array(T);
    this.passes = new Int32Array(T);
    this.meanReward = new Float64Array(T);
    this.best = new Float64Array(T);
    this.worst = new Float64Array(T);
    this.rewardCount = new Int32Array(T);
    this.passAtK = new Array<PassAtKMaps>(T);
    this.taskStale = new Uint8Array(T).fill(1);
    const slots = model.slotIdentity.length;
    this.slotRollouts = new Int32Array(slots);
    this.slotFailures = new Int32Array(slots);
    this.slotFirst = new Int32Array(slots);
    this.slotFirstFail = new Int32Array(slots);
    this.tagCount = new Int32Array(model.tagSlotTag.length);
    this.tagFirst = new Int32Array(model.tagSlotTag.length);
    this.authorityChecks = new Int32Array(T);
    this.violations = new Array<number[] | null>(T).fill(null);
    this.tallyGraded = new Int32Array(T * W);
    this.tallyPassed = new Int32Array(T * W);
    this.slotOf = new Int32Array(model.identities.length);
    const positions = model.columns.sequenceTemplate.length;
    this.positionCount = new Int32Array(positions);
    this.positionFailures = new Int32Array(positions);
    this.positionFirst = new Int32Array(positions);
    this.positionFirstFail = new Int32Array(positions);
    this.sequenceSeen = new Int32Array(model.columns.sequenceStart.length).fill(-1);
    this.taskSequences = new Int32Array(model.columns.sequenceStart.length);
    this.tagSlotOf = new Int32Array(model.columns.tagStrings.length);
    this.dimSum = new Float64Array(W);
    this.dimCount = new Float64Array(W);
    this.dimPassed = new Float64Array(W);
    this.taskGrades = new Uint8Array(W);
    this.next = new RolloutCells(1, W);
  }

  /** Scores every rollout of task t under `edits` and sums the task's figures. */
  scoreTask(t: number, edits: ColumnEdits, inputs: RolloutInputs): void {
    const { model } = this;
    const W = this.width;
    const from = model.taskStart[t]!;
    const to = model.taskStart[t + 1]!;
    for (let k = model.slotStart[t]!; k < model.slotStart[t + 1]!; k++) {
      this.slotOf[model.slotIdentity[k]!] = k;
      this.slotRollouts[k] = 0;
      this.slotFailures[k] = 0;
      this.slotFirst[k] = -1;
      this.slotFirstFail[k] = -1;
    }
    for (let k = model.tagSlotStart[t]!; k < model.tagSlotStart[t + 1]!; k++) {
      this.tagSlotOf[model.tagSlotTag[k]!] = k;
      this.tagCount[k] = 0;
      this.tagFirst[k] = -1;
    }
    this.authorityChecks[t] = 0;
    this.violations[t] = null;
    for (let m = 0; m < W; m++) {
      this.tallyGraded[t * W + m] = 0;
      this.tallyPassed[t * W + m] = 0;
      this.taskGrades[m] = 0;
    }
    const flips = edits.flips[t];
    const byRollout = flips !== undefined && flips.some((f) => f.rollout !== undefined);
    const fail = edits.policy === "fail";
    const sequences = this.taskSequences;
    let listed = 0;
    for (let k = from; k < to; k++) {
      const r = model.taskRollouts[k]!;
      const seq = model.columns.rolloutSequence[r]!;
      if (this.sequenceSeen[seq] !== t) {
        this.sequenceSeen[seq] = t;
        sequences[listed++] = seq;
      }
      const rolloutFlips = byRollout
        ? flips.filter((f) => f.rollout === undefined || f.rollout === model.ids[r])
        : flips;
      this.scoreRollout(t, r, edits, inputs, rolloutFlips, edits.required[t], fail);
    }
    if (fail) for (let k = from; k < to; k++) this.failUnscored(model.taskRollouts[k]!);
    this.foldPositions(listed);
    this.sumTask(t, !fail);
  }

  /** Adds the positions' counts of the task just scored (its `listed` sequences) into its identity slots, and clears them. */
  private foldPositions(listed: number): void {
    const { model, positionCount, positionFailures, positionFirst, positionFirstFail } = this;
    const c = model.columns;
    for (let k = 0; k < listed; k++) {
      const seq = this.taskSequences[k]!;
      this.sequenceSeen[seq] = -1;
      for (let p = c.sequenceStart[seq]!; p < c.sequenceStart[seq + 1]!; p++) {
        const count = positionCount[p]!;
        if (count === 0) continue;
        const slot = this.slotOf[model.positionIdentity[p]!]!;
        const first = positionFirst[p]!;
        if (this.slotRollouts[slot] === 0 || first < this.slotFirst[slot]!) this.slotFirst[slot] = first;
        this.slotRollouts[slot]! += count;
        const failures = positionFailures[p]!;
        if (failures > 0) {
          const firstFail = positionFirstFail[p]!;
          if (this.slotFailures[slot] === 0 || firstFail < this.slotFirstFail[slot]!)
            this.slotFirstFail[slot] = firstFail;
          this.slotFailures[slot]! += failures;
        }
        positionCount[p] = 0;
        positionFailures[p] = 0;
      }
    }
  }

  /**
   * One rollout: its checks as the edits leave them (CheckEditor in apply-scenario.ts), its verdict
   * (verdictFromTotals), its cells (RolloutScorer in score-rollouts.ts) and what its graded checks add to its
   * task's failures, gate and tallies. Under "fail" an unscored rollout's cells wait for failUnscored.
   */
  private scoreRollout(
    t: number,
    r: number,
    edits: ColumnEdits,
    inputs: RolloutInputs,
    flips: readonly FlipEdit[] | undefined,
    required: readonly RequiredEdit[] | undefined,
    fail: boolean,
  ): void {
    const { model, dimSum, dimCount, dimPassed } = this;
    const c = model.columns;
    const W = this.width;
    const codes = c.checkCode;
    const templates = c.sequenceTemplate;
    const positionColumn = model.positionColumn;
    const positionRequired = model.positionRequired;
    const { positionCount, positionFailures, positionFirst, positionFirstFail } = this;
    const ownScores = c.scores.values;
    const seq = c.rolloutSequence[r]!;
    const seqStart = c.sequenceStart[seq]!;
    const first = c.checkStart[r]!;
    const end = c.checkStart[r + 1]!;
    let own = model.scoreStart[r]!;
    const scoredRollout = c.rolloutStatus[r] !== IS_UNSCORED;
    const rule = c.rolloutRule[r]!;
    const grade = rule === GRADE;
    const cw = grade ? edits.componentWeight : null;
    const hasCw = edits.hasComponentWeight;
    const editing = (flips !== undefined && flips.length > 0) || required !== undefined || cw !== null;
    const gate = model.gateName[r]!;
    const authority = model.authority;
    for (let m = 0; m < W; m++) {
      dimSum[m] = 0;
      dimCount[m] = 0;
      dimPassed[m] = 0;
    }
    let count = 0;
    let scoreSum = 0;
    let weightedSum = 0;
    let gatePassed = false;
    let changed = false;
    let failedCount = 0;
    let mask = 0;
    let authorityChecks = 0;
    let violations = 0;
    const masked = end - first <= MASK_BITS;
    const { checkTag } = c;
    const { tagSlotOf, tagCount, tagFirst } = this;
    const templateKeyName = model.templateKeyName;
    const violated = this.scratch(end - first);
    const failedPositions = this.failedPositions;
    for (let i = first, j = 0; i < end; i++, j++) {
      const p = seqStart + j;
      const code = codes[i]!;
      let passed = code & VERDICT_BITS; // 0 false, 1 true, 2 null
      const ownScore = (code & SCORE_BITS) === OWN_SCORE;
      let graded = (code & STATUS_BITS) === 0 && (passed !== 2 || ownScore);
      let score = ownScore ? ownScores[own++]! : passed === 1 ? 1 : 0;
      let isRequired = positionRequired[p] === 1;
      let weight = 0;
      if (grade) {
        const tmpl = templates[p]!;
        if (c.templateHasWeight[tmpl] === 1) weight = c.templateWeight[tmpl]!;
      }
      if (editing) {
        const tmpl = templates[p]!;
        const key = model.templateKeyName[tmpl]!;
        const label = model.templateLabelName[tmpl]!;
        let setRequired = -1;
        let flip = -1;
        if (required !== undefined)
          for (const e of required) if (e.check === key || e.check === label) setRequired = e.required ? 1 : 0;
        if (flips !== undefined)
          for (const e of flips) if (e.check === key || e.check === label) flip = e.passed ? 1 : 0;
        if (cw !== null && hasCw![tmpl] === 1) weight = cw[tmpl]!;
        if (setRequired >= 0 || flip >= 0) {
          const wasGraded = graded;
          const wasRequired = isRequired;
          const wasPassed = passed;
          const wasScore = score;
          if (setRequired >= 0) isRequired = setRequired === 1;
          if (flip >= 0) {
            graded = true;
            passed = flip;
            score = flip;
          }
          if (
            wasGraded !== graded ||
            wasRequired !== isRequired ||
            (graded && (wasPassed !== passed || wasScore !== score))
          )
            changed = true;
        }
      }
      if (!graded) continue;
      const column = positionColumn[p]!;
      const didFail = passed === 0;
      // What the failures table and the gate count (FailureTally.graded). No call in this loop: a call would
      // make the compiler load every array above again on each check.
      if (column === authority) {
        authorityChecks += 1;
        if (didFail) violated[violations++] = i;
      }
      if (didFail) {
        const tag = checkTag[i]!;
        if (tag > 0) {
          const slot = tagSlotOf[tag - 1]!;
          if (tagCount[slot]!++ === 0) tagFirst[slot] = i;
        }
      }
      if (isRequired) {
        if (positionCount[p]!++ === 0) positionFirst[p] = i;
        if (didFail) {
          if (positionFailures[p]!++ === 0) positionFirstFail[p] = i;
          if (masked) mask |= 1 << j;
          failedPositions[failedCount++] = j;
        }
      }
      count += 1;
      scoreSum += score;
      if (grade) weightedSum += score * weight;
      if (passed === 1) {
        dimPassed[column]! += 1;
        if (gate >= 0 && templateKeyName[templates[p]!] === gate) gatePassed = true;
      }
      dimSum[column]! += score;
      dimCount[column]! += 1;
    }
    if (authorityChecks > 0) {
      this.authorityChecks[t]! += authorityChecks;
      for (let k = 0; k < violations; k++) (this.violations[t] ??= []).push(r, violated[k]!);
    }
    // A rollout of more than MASK_BITS checks keeps the labels of its failed checks.
    let labels: string[] | null = null;
    if (!masked && failedCount > 0) {
      labels = [];
      for (let k = 0; k < failedCount; k++)
        labels.push(c.strings[c.templateLabel[templates[seqStart + failedPositions[k]!]!]!]!);
    }
    let stale = this.changed[r] !== (changed ? 1 : 0) || this.failedMask[r] !== mask;
    this.changed[r] = changed ? 1 : 0;
    this.failedMask[r] = mask;
    if (labels !== null || (this.failedLabels.size > 0 && this.failedLabels.has(r))) {
      stale = true;
      if (labels === null) this.failedLabels.delete(r);
      else this.failedLabels.set(r, labels);
    }

    let passedNow = false;
    let verdict = false;
    let reward = 0;
    let rewarded = false;
    if (scoredRollout) {
      reward = rolloutReward(inputs, r, rule, changed, count, scoreSum, weightedSum);
      rewarded = !Number.isNaN(reward);
      if (!rewarded) reward = 0;
      const reaches = rewarded && reward >= edits.passThreshold - EPSILON;
      verdict = rule === CHECKS ? failedCount === 0 : rule === REWARD ? reaches : gate === -1 ? reaches : gatePassed;
      // The budget decides pass or fail only: reward and dimension cells are the checks' own.
      passedNow = verdict && !(inputs.standing !== null && inputs.standing[r] === IS_OVER);
    }
    if (
      this.passed[r] !== (passedNow ? 1 : 0) ||
      this.hasReward[r] !== (rewarded ? 1 : 0) ||
      differs(this.reward[r]!, reward)
    )
      stale = true;
    this.passed[r] = passedNow ? 1 : 0;
    this.verdictPassed[r] = verdict ? 1 : 0;
    this.hasReward[r] = rewarded ? 1 : 0;
    this.reward[r] = reward;

    // The rollout's cells (RolloutScorer): completion, then the reward, then each graded dimension, a later
    // one written over an earlier in the same column. Under "fail", failUnscored writes an unscored rollout's
    // cells once its task's graded dimensions are known. One loop over the columns also adds the task's
    // tallies: a loop per step cost more than the checks' own loop (one rollout is ~12 checks).
    const writes = scoredRollout || !fail;
    const fresh = this.fresh;
    const { value, sum, votes } = this.cells;
    const { tallyGraded, tallyPassed, taskGrades } = this;
    const completionColumn = model.completion;
    const rewardColumn = model.reward;
    const completion = passedNow ? 1 : 0;
    const rewardVotes = Math.max(1, count);
    const tally = t * W;
    const row = r * W;
    for (let m = 0; m < W; m++) {
      const n = dimCount[m]!;
      if (n === 0) continue;
      taskGrades[m] = 1;
      if (scoredRollout) {
        tallyGraded[tally + m]! += n;
        tallyPassed[tally + m]! += dimPassed[m]!;
      }
    }
    if (writes) {
      for (let m = 0; m < W; m++) {
        const n = dimCount[m]!;
        let v = 0;
        let s = 0;
        let k = 0;
        if (scoredRollout) {
          if (n > 0) {
            v = dimSum[m]! / n;
            s = dimSum[m]!;
            k = n;
          } else if (m === rewardColumn && rewarded) {
            v = reward;
            s = reward * rewardVotes;
            k = rewardVotes;
          } else if (m === completionColumn) {
            v = completion;
            s = completion;
            k = 1;
          }
        }
        const i = row + m;
        if (fresh) {
          value[i] = v;
          sum[i] = s;
          votes[i] = k;
        } else if (differs(value[i]!, v) || differs(sum[i]!, s) || votes[i] !== k) {
          value[i] = v;
          sum[i] = s;
          votes[i] = k;
          stale = true;
        }
      }
      if (fresh) stale = true;
    }
    if (stale) this.rolloutStale[r] = 1;
  }

  /** Copies `next` into rollout r's cells; true when some cell changed. */
  private writeCells(r: number): boolean {
    const { cells, next } = this;
    const W = this.width;
    const row = r * W;
    if (this.fresh) {
      for (let m = 0; m < W; m++) {
        cells.value[row + m] = next.value[m]!;
        cells.sum[row + m] = next.sum[m]!;
        cells.votes[row + m] = next.votes[m]!;
      }
      return true;
    }
    let changed = false;
    for (let m = 0; m < W; m++) {
      const i = row + m;
      if (
        differs(cells.value[i]!, next.value[m]!) ||
        differs(cells.sum[i]!, next.sum[m]!) ||
        cells.votes[i] !== next.votes[m]
      ) {
        cells.value[i] = next.value[m]!;
        cells.sum[i] = next.sum[m]!;
        cells.votes[i] = next.votes[m]!;
        changed = true;
      }
    }
    return changed;
  }

  /** Under "fail": an unscored rollout counts 0 for completion, reward and each dimension its task grades. */
  private failUnscored(r: number): void {
    if (this.model.columns.rolloutStatus[r] !== IS_UNSCORED) return;
    const { next, model } = this;
    for (let m = 0; m < this.width; m++) {
      next.value[m] = 0;
      next.sum[m] = 0;
      next.votes[m] = 0;
    }
    next.set(0, model.completion, 0, 0, 1);
    next.set(0, model.reward, 0, 0, 1);
    for (let m = 0; m < this.width; m++) if (this.taskGrades[m] === 1) next.set(0, m, 0, 0, 1);
    if (this.writeCells(r)) this.rolloutStale[r] = 1;
  }

  /** Task t's figures from its rollouts: summarizeTask and TaskCells.of, adding in rollout order. */
  private sumTask(t: number, exclude: boolean): void {
    const { model, cells, taskCells, next } = this;
    const W = this.width;
    const c = model.columns;
    let scored = 0;
    let counted = 0;
    let passes = 0;
    let rewardSum = 0;
    let rewardCount = 0;
    let best = 0;
    let worst = 0;
    for (let m = 0; m < W; m++) {
      next.value[m] = 0; // Σ value, then the mean
      next.sum[m] = 0; // Σ sum, then the pooled value
      next.votes[m] = 0;
      this.dimCount[m] = 0; // eligible rollouts
    }
    for (let k = model.taskStart[t]!; k < model.taskStart[t + 1]!; k++) {
      const r = model.taskRollouts[k]!;
      const from = r * W;
      for (let m = 0; m < W; m++) {
        const votes = cells.votes[from + m]!;
        if (votes === 0) continue;
        next.value[m]! += cells.value[from + m]!;
        next.sum[m]! += cells.sum[from + m]!;
        next.votes[m]! += votes;
        this.dimCount[m]! += 1;
      }
      const isScored = c.rolloutStatus[r] !== IS_UNSCORED;
      if (isScored) scored += 1;
      if (!isScored && exclude) continue;
      counted += 1;
      if (this.passed[r] === 1) passes += 1;
      if (isScored && this.hasReward[r] === 0) continue;
      const reward = isScored ? this.reward[r]! : 0;
      rewardSum += reward;
      rewardCount += 1;
      best = rewardCount === 1 ? reward : Math.max(best, reward);
      worst = rewardCount === 1 ? reward : Math.min(worst, reward);
    }
    let stale = false;
    const out = t * W;
    for (let m = 0; m < W; m++) {
      const n = this.dimCount[m]!;
      const value = n === 0 ? 0 : next.value[m]! / n;
      const pooled = n === 0 ? 0 : next.sum[m]! / next.votes[m]!;
      const i = out + m;
      if (
        differs(taskCells.value[i]!, value) ||
        differs(taskCells.pooled[i]!, pooled) ||
        taskCells.votes[i] !== next.votes[m]
      ) {
        taskCells.value[i] = value;
        taskCells.pooled[i] = pooled;
        taskCells.votes[i] = next.votes[m]!;
        stale = true;
      }
    }
    const meanReward = rewardCount > 0 ? rewardSum / rewardCount : 0;
    if (
      this.scored[t] !== scored ||
      this.counted[t] !== counted ||
      this.passes[t] !== passes ||
      this.rewardCount[t] !== rewardCount ||
      differs(this.meanReward[t]!, meanReward) ||
      differs(this.best[t]!, best) ||
      differs(this.worst[t]!, worst)
    )
      stale = true;
    this.scored[t] = scored;
    this.counted[t] = counted;
    this.passes[t] = passes;
    this.rewardCount[t] = rewardCount;
    this.meanReward[t] = meanReward;
    this.best[t] = best;
    this.worst[t] = worst;
    const key = counted * 0x100000000 + passes;
    let maps = this.passAtKCache.get(key);
    if (maps === undefined) this.passAtKCache.set(key, (maps = passAtKMaps(counted, passes)));
    this.passAtK[t] = maps;
    if (stale) this.taskStale[t] = 1;
  }

  /** The labels of rollout r's graded required checks that failed, in check order. */
  failedRequired(r: number): string[] {
    const listed = this.failedLabels.get(r);
    if (listed !== undefined) return listed;
    const mask = this.failedMask[r]!;
    const out: string[] = [];
    if (mask === 0) return out;
    const c = this.model.columns;
    const seqStart = c.sequenceStart[c.rolloutSequence[r]!]!;
    for (let j = 0; j < MASK_BITS; j++)
      if ((mask & (1 << j)) !== 0) out.push(c.strings[c.templateLabel[c.sequenceTemplate[seqStart + j]!]!]!);
    return out;
  }
}
