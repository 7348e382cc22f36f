import { MEASURE_KEYS, type MeasureKey, type Measures } from "../core/measures";
import type { CheckStatus, ScoringCheck, ScoringRollout, ScoringRun, ScoringTask, VerdictRule } from "../core/types";

/*
 * A ScoringRun in a compact JSON form, for the trip from server to browser (the run page recomputes what-if
 * scenarios in the browser). A run of 10,000 rollouts × 12 checks is ~22 MB as ScoringRun JSON and 0.5–0.8 MB
 * as this: every string is stored once, a rollout's check definitions (key, label, required, dimension, weight)
 * once per distinct sequence of them, and each check's verdict as one small integer.
 * Contract: decodeRun(encodeRun(run)) deep-equals run: order of tasks, rollouts and checks, null versus absent,
 * every number (including −0 while in memory; JSON itself turns −0 into 0).
 */

/** The entries of a column that differ from its default; `at` holds the gaps between their indexes (from −1). */
export interface Sparse<T> {
  at: number[];
  values: T[];
}

export interface CompactRun {
  /** Layout version: a page cached across a deploy must not misread a newer payload. */
  v: 1;
  name: string;
  format: string;
  passThreshold: number;
  /** Task keys, task ids and names, groups, gates, check keys, labels and dimensions; each once. */
  strings: string[];
  /** Four per task: key, taskId, name, group, as indexes into `strings` (−1: null). */
  tasks: number[];
  taskWeights: number[];
  /** Four per check template: key, label, dimension (indexes into `strings`) and required (0 or 1). */
  templates: number[];
  templateWeights: (number | null)[];
  /** Each distinct sequence of templates a rollout's checks follow. */
  sequences: number[][];
  /** Values of the enumerations, as found: rollout status, rule and check status. */
  statuses: string[];
  rules: string[];
  checkStatuses: string[];
  rollouts: {
    /** Front-coded (see `frontCode`), as are `source` values. */
    ids: string[];
    /** Index into `strings` of the rollout's task key. */
    task: number[];
    sequence: number[];
    /**
     * status + S·(rule + R·reportedPassed), S and R the sizes of `statuses` and `rules`; reportedPassed
     * 0 false, 1 true, 2 null.
     */
    flags: number[];
    /** Defaults: null, 0, null, absent, absent. */
    reportedReward: Sparse<number>;
    penalties: Sparse<number>;
    gate: Sparse<number>;
    source: Sparse<string>;
    warnings: Sparse<string[]>;
    /** Each measured rollout's measures in MEASURE_KEYS order, null where not recorded. */
    measures?: Sparse<(number | null)[]>;
    /** Index into `strings` of each unscored rollout's reason. */
    unscoredReason?: Sparse<number>;
  };
  /**
   * One per check, in run order: passed + 3·(status + C·(failure tag + 1)), C the size of `checkStatuses`;
   * passed 0 false, 1 true, 2 null; failure tag an index into `failureTags`, −1 null.
   */
  checks: number[];
  failureTags: string[];
  /** Scores other than the default (1 when passed, 0 when failed, null when not graded), by check index. */
  scores: Sparse<number | null>;
  warnings?: string[];
  regrades?: NonNullable<ScoringRun["regrades"]>;
}

class Interner {
  readonly list: string[] = [];
  private readonly index = new Map<string, number>();
  // Runs read from a database hold a separate string object per row: comparing with the last one looked up
  // is cheaper than hashing each (consecutive checks mostly share their status and failure tag).
  private last: string | undefined;
  private lastIndex = -1;
  constructor(seed: readonly string[] = []) {
    for (const s of seed) this.of(s);
  }
  of(s: string): number {
    if (s === this.last) return this.lastIndex;
    let i = this.index.get(s);
    if (i === undefined) {
      i = this.list.length;
      this.list.push(s);
      this.index.set(s, i);
    }
    this.last = s;
    this.lastIndex = i;
    return i;
  }
  orNull(s: string | null): number {
    return s === null ? -1 : this.of(s);
  }
}

class SparseBuilder<T> {
  readonly out: Sparse<T> = { at: [], values: [] };
  private last = -1;
  add(index: number, value: T) {
    this.out.at.push(index - this.last);
    this.out.values.push(value);
    this.last = index;
  }
}

/** The column of `n` values that `s` describes, `fill` where it has no entry. */
function expand<T, F>(s: Sparse<T>, n: number, fill: F): (T | F)[] {
  const out = new Array<T | F>(n).fill(fill);
  let i = -1;
  for (let k = 0; k < s.at.length; k++) {
    i += s.at[k] ?? 0;
    out[i] = s.values[k] as T;
  }
  return out;
}

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * Each string as "p,s,middle": the first p and last s characters are those of the string before it. Ids and
 * file paths of neighbouring rollouts share most of their text ("…/TASK-00001-r1.result.json", "…-r2…").
 * Surrogate pairs are never split, so every entry is well-formed text.
 */
export function frontCode(list: readonly string[]): string[] {
  let prev = "";
  return list.map((s) => {
    const max = Math.min(s.length, prev.length);
    let p = 0;
    while (p < max && s.charCodeAt(p) === prev.charCodeAt(p)) p++;
    if (p > 0 && p < s.length && isHigh(s.charCodeAt(p - 1))) p--;
    let e = 0;
    while (e < max - p && s.charCodeAt(s.length - 1 - e) === prev.charCodeAt(prev.length - 1 - e)) e++;
    if (e > 0 && e < s.length - p && isLow(s.charCodeAt(s.length - e))) e--;
    prev = s;
    return `${p},${e},${s.slice(p, s.length - e)}`;
  });
}

export function frontDecode(list: readonly string[]): string[] {
  let prev = "";
  return list.map((entry) => {
    const a = entry.indexOf(",");
    const b = entry.indexOf(",", a + 1);
    const p = Number(entry.slice(0, a));
    const e = Number(entry.slice(a + 1, b));
    prev = prev.slice(0, p) + entry.slice(b + 1) + (e > 0 ? prev.slice(prev.length - e) : "");
    return prev;
  });
}

const passedCode = (p: boolean | null) => (p === null ? 2 : p ? 1 : 0);
const PASSED = [false, true, null] as const;
const defaultScore = (p: boolean | null) => (p === null ? null : p ? 1 : 0);
/** Distinct for every number, −0 included (String(−0) is "0"). */
const numberKey = (x: number | null) => (x === null ? "n" : Object.is(x, -0) ? "-0" : String(x));

export function encodeRun(run: ScoringRun): CompactRun {
  const strings = new Interner();
  const tasks: number[] = [];
  for (const t of run.tasks)
    tasks.push(strings.of(t.key), strings.of(t.taskId), strings.orNull(t.name), strings.orNull(t.group));

  const statuses = new Interner(["scored", "unscored"]);
  const rules = new Interner(["checks", "reward", "grade"]);
  const checkStatuses = new Interner(["graded", "not_assigned", "error"]);
  for (const r of run.rollouts) {
    statuses.of(r.status);
    rules.of(r.rule);
    for (const c of r.checks) checkStatuses.of(c.status);
  }
  const S = statuses.list.length;
  const R = rules.list.length;
  const C = checkStatuses.list.length;

  const templates: number[] = [];
  const templateWeights: (number | null)[] = [];
  const templateIndex = new Map<string, number>();
  const sequences: number[][] = [];
  const sequenceIndex = new Map<string, number>();
  const failureTags = new Interner();
  const checks: number[] = [];
  const scores = new SparseBuilder<number | null>();
  const ro = {
    ids: [] as string[],
    task: [] as number[],
    sequence: [] as number[],
    flags: [] as number[],
    reportedReward: new SparseBuilder<number>(),
    penalties: new SparseBuilder<number>(),
    gate: new SparseBuilder<number>(),
    source: new SparseBuilder<string>(),
    warnings: new SparseBuilder<string[]>(),
    measures: new SparseBuilder<(number | null)[]>(),
    unscoredReason: new SparseBuilder<number>(),
  };

  // Rollouts mostly repeat the previous one's check definitions: compare with those before building lookup keys.
  let previous: number[] = [];
  const definitions: ScoringCheck[] = [];
  const sameTemplate = (t: number | undefined, c: ScoringCheck) => {
    const d = t === undefined ? undefined : definitions[t];
    return (
      d !== undefined &&
      d.key === c.key &&
      d.label === c.label &&
      d.dimension === c.dimension &&
      d.required === c.required &&
      Object.is(d.weight, c.weight)
    );
  };

  run.rollouts.forEach((r, i) => {
    const sequence: number[] = [];
    for (const c of r.checks) {
      if (!Object.is(c.score, defaultScore(c.passed))) scores.add(checks.length, c.score);
      checks.push(passedCode(c.passed) + 3 * (checkStatuses.of(c.status) + C * (failureTags.orNull(c.failureTag) + 1)));
      const same = previous[sequence.length];
      if (sameTemplate(same, c)) {
        sequence.push(same!);
        continue;
      }
      const key = strings.of(c.key);
      const label = strings.of(c.label);
      const dimension = strings.of(c.dimension);
      const required = c.required ? 1 : 0;
      const id = `${key},${label},${dimension},${required},${numberKey(c.weight)}`;
      let t = templateIndex.get(id);
      if (t === undefined) {
        t = templateWeights.length;
        templateIndex.set(id, t);
        templates.push(key, label, dimension, required);
        templateWeights.push(c.weight);
        definitions.push(c);
      }
      sequence.push(t);
    }
    const asBefore = sequence.length === previous.length && sequence.every((t, j) => t === previous[j]);
    let s = asBefore ? ro.sequence[i - 1] : undefined;
    if (s === undefined) {
      const seqId = sequence.join(",");
      s = sequenceIndex.get(seqId);
      if (s === undefined) {
        s = sequences.length;
        sequenceIndex.set(seqId, s);
        sequences.push(sequence);
      }
    }
    previous = sequences[s]!;
    ro.ids.push(r.id);
    ro.task.push(strings.of(r.task));
    ro.sequence.push(s);
    ro.flags.push(statuses.of(r.status) + S * (rules.of(r.rule) + R * passedCode(r.reportedPassed)));
    if (r.reportedReward !== null) ro.reportedReward.add(i, r.reportedReward);
    if (!Object.is(r.penalties, 0)) ro.penalties.add(i, r.penalties);
    if (r.gate !== null) ro.gate.add(i, strings.of(r.gate));
    if (r.source !== undefined) ro.source.add(i, r.source);
    if (r.warnings !== undefined) ro.warnings.add(i, [...r.warnings]);
    const m = r.measures;
    if (m !== undefined)
      ro.measures.add(
        i,
        MEASURE_KEYS.map((key) => m[key] ?? null),
      );
    if (r.unscoredReason !== undefined) ro.unscoredReason.add(i, strings.of(r.unscoredReason));
  });

  const out: CompactRun = {
    v: 1,
    name: run.name,
    format: run.format,
    passThreshold: run.passThreshold,
    strings: strings.list,
    tasks,
    taskWeights: run.tasks.map((t) => t.weight),
    templates,
    templateWeights,
    sequences,
    statuses: statuses.list,
    rules: rules.list,
    checkStatuses: checkStatuses.list,
    rollouts: {
      ids: frontCode(ro.ids),
      task: ro.task,
      sequence: ro.sequence,
      flags: ro.flags,
      reportedReward: ro.reportedReward.out,
      penalties: ro.penalties.out,
      gate: ro.gate.out,
      source: { at: ro.source.out.at, values: frontCode(ro.source.out.values) },
      warnings: ro.warnings.out,
      ...(ro.measures.out.at.length > 0 ? { measures: ro.measures.out } : {}),
      ...(ro.unscoredReason.out.at.length > 0 ? { unscoredReason: ro.unscoredReason.out } : {}),
    },
    checks,
    failureTags: failureTags.list,
    scores: scores.out,
  };
  if (run.warnings !== undefined) out.warnings = [...run.warnings];
  if (run.regrades !== undefined) out.regrades = run.regrades.map((g) => ({ ...g }));
  return out;
}

function decodeMeasures(values: readonly (number | null)[]): Measures {
  const out: Partial<Record<MeasureKey, number>> = {};
  MEASURE_KEYS.forEach((key, i) => {
    const v = values[i];
    if (typeof v === "number") out[key] = v;
  });
  return out;
}

export function decodeRun(c: CompactRun): ScoringRun {
  if (c.v !== 1) throw new Error(`Unknown compact run layout ${String(c.v)}`);
  const str = c.strings;
  const strOrNull = (i: number | undefined) => (i === undefined || i < 0 ? null : (str[i] ?? null));
  const tasks: ScoringTask[] = new Array<ScoringTask>(c.taskWeights.length);
  for (let t = 0; t < tasks.length; t++) {
    tasks[t] = {
      key: str[c.tasks[4 * t]!]!,
      taskId: str[c.tasks[4 * t + 1]!]!,
      name: strOrNull(c.tasks[4 * t + 2]),
      group: strOrNull(c.tasks[4 * t + 3]),
      weight: c.taskWeights[t]!,
    };
  }

  const T = c.templateWeights.length;
  const tKey = new Array<string>(T);
  const tLabel = new Array<string>(T);
  const tDimension = new Array<string>(T);
  const tRequired = new Array<boolean>(T);
  for (let t = 0; t < T; t++) {
    tKey[t] = str[c.templates[4 * t]!]!;
    tLabel[t] = str[c.templates[4 * t + 1]!]!;
    tDimension[t] = str[c.templates[4 * t + 2]!]!;
    tRequired[t] = c.templates[4 * t + 3] === 1;
  }

  const n = c.rollouts.ids.length;
  const S = c.statuses.length;
  const R = c.rules.length;
  const C = c.checkStatuses.length;
  const rewards = expand(c.rollouts.reportedReward, n, null);
  const penalties = expand(c.rollouts.penalties, n, 0);
  const gates = expand(c.rollouts.gate, n, -1);
  const ids = frontDecode(c.rollouts.ids);
  const sources = expand({ at: c.rollouts.source.at, values: frontDecode(c.rollouts.source.values) }, n, undefined);
  const warnings = expand(c.rollouts.warnings, n, undefined);
  const measures = c.rollouts.measures ? expand(c.rollouts.measures, n, undefined) : [];
  const reasons = c.rollouts.unscoredReason ? expand(c.rollouts.unscoredReason, n, undefined) : [];
  const check = (t: number, code: number, score: number | null | undefined): ScoringCheck => {
    const p = code % 3;
    const rest = (code - p) / 3;
    const status = rest % C;
    const tag = (rest - status) / C - 1;
    const passed = PASSED[p] ?? null;
    return {
      key: tKey[t]!,
      label: tLabel[t]!,
      passed,
      score: score === undefined ? defaultScore(passed) : score,
      required: tRequired[t]!,
      dimension: tDimension[t]!,
      status: c.checkStatuses[status] as CheckStatus,
      weight: c.templateWeights[t] ?? null,
      failureTag: tag < 0 ? null : (c.failureTags[tag] ?? null),
    };
  };
  // A run is immutable data (lib/scoring never writes to a check; a scenario copies what it changes), so
  // identical checks decode to one shared object: 120,000 checks are a few hundred distinct ones.
  const shared = new Map<number, ScoringCheck>();
  const codes = 3 * C * (c.failureTags.length + 1);
  // The scores' sparse column is walked alongside the checks rather than expanded.
  let nextScore = (c.scores.at[0] ?? 0) - 1;
  let scoreAt = 0;

  let k = 0;
  const rollouts = new Array<ScoringRollout>(n);
  for (let i = 0; i < n; i++) {
    const sequence = c.sequences[c.rollouts.sequence[i]!]!;
    const checks = new Array<ScoringCheck>(sequence.length);
    for (let j = 0; j < sequence.length; j++, k++) {
      const t = sequence[j]!;
      const code = c.checks[k]!;
      if (k === nextScore) {
        checks[j] = check(t, code, c.scores.values[scoreAt] ?? null);
        nextScore += c.scores.at[++scoreAt] ?? 0;
        continue;
      }
      const id = t * codes + code;
      let one = shared.get(id);
      if (one === undefined) {
        one = check(t, code, undefined);
        shared.set(id, one);
      }
      checks[j] = one;
    }
    const flags = c.rollouts.flags[i]!;
    const status = flags % S;
    const rule = ((flags - status) / S) % R;
    const reported = (flags - status - S * rule) / (S * R);
    const source = sources[i];
    const w = warnings[i];
    const m = measures[i];
    const why = reasons[i];
    rollouts[i] = {
      id: ids[i]!,
      task: str[c.rollouts.task[i]!]!,
      status: c.statuses[status] as ScoringRollout["status"],
      rule: c.rules[rule] as VerdictRule,
      reportedPassed: PASSED[reported] ?? null,
      reportedReward: rewards[i] ?? null,
      penalties: penalties[i] ?? 0,
      gate: strOrNull(gates[i]),
      checks,
      ...(source !== undefined ? { source } : {}),
      ...(w !== undefined ? { warnings: [...w] } : {}),
      ...(m !== undefined ? { measures: decodeMeasures(m) } : {}),
      ...(why !== undefined ? { unscoredReason: str[why]! } : {}),
    };
  }

  return {
    name: c.name,
    format: c.format,
    tasks,
    rollouts,
    passThreshold: c.passThreshold,
    ...(c.warnings !== undefined ? { warnings: [...c.warnings] } : {}),
    ...(c.regrades !== undefined ? { regrades: c.regrades.map((g) => ({ ...g })) } : {}),
  };
}
