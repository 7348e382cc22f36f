import { budgetLimits, type Budget, type BudgetKey } from "./budget";
import type { Scenario, ScenarioFlip, ScenarioRequired } from "./scenario";
import type { Scheme } from "../core/schemes";

/**
 * Immutable edits of a what-if scenario, as the what-if panel makes them. Every edit returns a normalised
 * scenario: entries that change nothing (a flip back to the recorded verdict, a weight equal to the declared
 * one, the default scheme or unscored policy) are dropped, so `{}` always means "as recorded" and URLs stay short.
 * Entries are matched by the exact strings the panel writes (task key, rollout id, check key); a hand-written
 * entry that names the same check differently (a bare taskId, a label) is left alone and overridden by order.
 */

export interface FlipRef {
  task: string;
  /** Absent: every rollout of the task. */
  rollout?: string;
  check: string;
}

export interface RequiredRef {
  check: string;
  /** Absent: the check in every task. */
  task?: string;
}

/**
 * The reference the panel and the task/rollout pages write for a check of one rollout: without the rollout
 * when the task has only one (the same verdicts, a shorter URL, "checkout C3 counted as passed").
 */
export function flipRefFor(task: string, rollout: string, check: string, rolloutsInTask: number): FlipRef {
  return rolloutsInTask === 1 ? { task, check } : { task, rollout, check };
}

const DEFAULT_SCHEME: Scheme = "task";
const DEFAULT_GROUP_WEIGHT = 1;

const isEmptyRecord = (r: Readonly<Record<string, number>> | undefined) =>
  r === undefined || Object.keys(r).length === 0;

/** Later entries win when applied, so of exact duplicates only the last matters. */
function lastOfEach<T>(entries: readonly T[], identity: (e: T) => string): T[] {
  const last = new Map<string, number>();
  entries.forEach((e, i) => last.set(identity(e), i));
  return entries.filter((e, i) => last.get(identity(e)) === i);
}

const flipIdentity = (f: FlipRef) => JSON.stringify([f.task, f.rollout ?? null, f.check]);
const requiredIdentity = (r: RequiredRef) => JSON.stringify([r.check, r.task ?? null]);

function withoutKey<T>(record: Readonly<Record<string, T>> | undefined, key: string): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [k, v] of Object.entries(record ?? {})) if (k !== key) out[k] = v;
  return out;
}

/**
 * Drops empty fields and defaults and orders the fields as docs/scoring.md#what-if-scenarios writes them.
 * Keeps the headline metric and the pass threshold (their defaults depend on the run: setMetric and
 * setPassThreshold compare to it).
 */
export function normaliseScenario(s: Scenario): Scenario {
  const out: Scenario = {};
  const metric = s.headline?.metric;
  const scheme = s.headline?.scheme === DEFAULT_SCHEME ? undefined : s.headline?.scheme;
  if (metric !== undefined || scheme !== undefined) {
    out.headline = {};
    if (metric !== undefined) out.headline.metric = metric;
    if (scheme !== undefined) out.headline.scheme = scheme;
  }
  if (!isEmptyRecord(s.weights)) out.weights = { ...s.weights };
  const groupWeights = Object.fromEntries(
    Object.entries(s.groupWeights ?? {}).filter(([, w]) => w !== DEFAULT_GROUP_WEIGHT),
  );
  if (!isEmptyRecord(groupWeights)) out.groupWeights = groupWeights;
  const flips = lastOfEach(s.flips ?? [], flipIdentity);
  if (flips.length > 0) out.flips = flips;
  const required = lastOfEach(s.required ?? [], requiredIdentity);
  if (required.length > 0) out.required = required;
  if (s.unscored === "fail") out.unscored = "fail";
  if (s.passThreshold !== undefined) out.passThreshold = s.passThreshold;
  if (!isEmptyRecord(s.componentWeights)) out.componentWeights = { ...s.componentWeights };
  const limits = budgetLimits(s.budget);
  if (limits.length > 0) out.budget = Object.fromEntries(limits);
  if (s.regraded === true) out.regraded = true;
  if (s.reviews === "apply") out.reviews = "apply";
  return out;
}

export function isEmptyScenario(s: Scenario): boolean {
  return Object.keys(normaliseScenario(s)).length === 0;
}

/** The `scenario` URL parameter for a scenario: compact JSON, or null when it is the run as recorded. */
export function scenarioParam(s: Scenario): string | null {
  const n = normaliseScenario(s);
  return Object.keys(n).length === 0 ? null : JSON.stringify(n);
}

export function resetScenario(): Scenario {
  return {};
}

export function setScheme(s: Scenario, scheme: Scheme): Scenario {
  return normaliseScenario({ ...s, headline: { ...s.headline, scheme } });
}

/** `recordedMetric`: the headline metric as recorded (correctness, or completion when the run falls back to it). */
export function setMetric(s: Scenario, metric: string, recordedMetric: string): Scenario {
  const headline: NonNullable<Scenario["headline"]> = { ...s.headline, metric };
  if (metric === recordedMetric) delete headline.metric;
  return normaliseScenario({ ...s, headline });
}

/**
 * A task's custom weight (null or the declared weight: back to declared). Task weights only count under the
 * custom scheme, so a real change also switches the headline to it.
 */
export function setTaskWeight(s: Scenario, taskKey: string, weight: number | null, declared: number): Scenario {
  const weights = withoutKey(s.weights, taskKey);
  if (weight === null || weight === declared) return normaliseScenario({ ...s, weights });
  weights[taskKey] = weight;
  return normaliseScenario({ ...s, weights, headline: { ...s.headline, scheme: "custom" } });
}

/** A group's weight (null or 1: back to equal). Group weights only count under the group scheme, so a real change switches to it. */
export function setGroupWeight(s: Scenario, group: string, weight: number | null): Scenario {
  const groupWeights = withoutKey(s.groupWeights, group);
  if (weight === null || weight === DEFAULT_GROUP_WEIGHT) return normaliseScenario({ ...s, groupWeights });
  groupWeights[group] = weight;
  return normaliseScenario({ ...s, groupWeights, headline: { ...s.headline, scheme: "group" } });
}

const flipApplies = (f: ScenarioFlip, ref: FlipRef) =>
  f.task === ref.task && f.check === ref.check && (f.rollout === undefined || f.rollout === ref.rollout);

/** The verdict the scenario's entries give this check (the last that applies), or undefined: not flipped. */
export function flipVerdict(s: Scenario, ref: FlipRef): boolean | undefined {
  let out: boolean | undefined;
  for (const f of s.flips ?? []) if (flipApplies(f, ref)) out = f.passed;
  return out;
}

/** Whether the scenario holds an entry for exactly this check and scope (what "Undo" removes). */
export function hasExactFlip(s: Scenario, ref: FlipRef): boolean {
  const id = flipIdentity(ref);
  return (s.flips ?? []).some((f) => flipIdentity(f) === id);
}

/**
 * Sets the verdict of a check (`null`: remove this entry). An entry equal to what the check would read without
 * it (a broader flip, else `recordedPassed`) is a no-op and is not written.
 */
export function setFlip(s: Scenario, ref: FlipRef, passed: boolean | null, recordedPassed: boolean | null): Scenario {
  const id = flipIdentity(ref);
  const flips = (s.flips ?? []).filter((f) => flipIdentity(f) !== id);
  if (passed !== null) {
    const inherited = flipVerdict({ flips }, ref) ?? recordedPassed;
    if (passed !== inherited) {
      const entry: ScenarioFlip = { task: ref.task, check: ref.check, passed };
      if (ref.rollout !== undefined) entry.rollout = ref.rollout;
      flips.push(entry);
    }
  }
  return normaliseScenario({ ...s, flips });
}

/** Counts a check as passed when it reads failed or not graded, and as failed when it reads passed. */
export function toggleFlip(s: Scenario, ref: FlipRef, recordedPassed: boolean | null): Scenario {
  const current = flipVerdict(s, ref) ?? recordedPassed;
  return setFlip(s, ref, current !== true, recordedPassed);
}

const requiredApplies = (r: ScenarioRequired, ref: RequiredRef) =>
  r.check === ref.check && (r.task === undefined || r.task === ref.task);

/** Whether the scenario's entries make this check required or optional (the last that applies), or undefined. */
export function requiredSetting(s: Scenario, ref: RequiredRef): boolean | undefined {
  let out: boolean | undefined;
  for (const r of s.required ?? []) if (requiredApplies(r, ref)) out = r.required;
  return out;
}

/**
 * Makes a check required or optional in one task, or everywhere when `ref.task` is absent (`null`: remove this
 * entry). `recordedRequired` is how it was recorded (null when it differs between tasks: the entry is kept).
 */
export function setRequired(
  s: Scenario,
  ref: RequiredRef,
  required: boolean | null,
  recordedRequired: boolean | null,
): Scenario {
  const id = requiredIdentity(ref);
  const entries = (s.required ?? []).filter((r) => requiredIdentity(r) !== id);
  if (required !== null) {
    const inherited = requiredSetting({ required: entries }, ref) ?? recordedRequired;
    if (required !== inherited) {
      const entry: ScenarioRequired = { check: ref.check, required };
      if (ref.task !== undefined) entry.task = ref.task;
      entries.push(entry);
    }
  }
  return normaliseScenario({ ...s, required: entries });
}

export function setUnscored(s: Scenario, policy: "exclude" | "fail"): Scenario {
  return normaliseScenario({ ...s, unscored: policy });
}

/** `recorded`: the run's own threshold; setting it back (or null) removes the field. */
export function setPassThreshold(s: Scenario, threshold: number | null, recorded: number): Scenario {
  const next = { ...s };
  if (threshold === null || threshold === recorded) delete next.passThreshold;
  else next.passThreshold = threshold;
  return normaliseScenario(next);
}

/** A grade component's weight; `declared` (or null) removes the override. */
export function setComponentWeight(s: Scenario, key: string, weight: number | null, declared: number | null): Scenario {
  const componentWeights = withoutKey(s.componentWeights, key);
  if (weight !== null && weight !== declared) componentWeights[key] = weight;
  return normaliseScenario({ ...s, componentWeights });
}

/** A budget limit on one measure (null: no limit on it); a budget with no limit left is removed. */
export function setBudgetLimit(s: Scenario, key: BudgetKey, limit: number | null): Scenario {
  const budget: Budget = { ...s.budget };
  if (limit === null) delete budget[key];
  else budget[key] = limit;
  return normaliseScenario({ ...s, budget });
}

/** Whether a BenchFlow run is scored with its regraded rewards; false removes the field. */
export function setRegraded(s: Scenario, regraded: boolean): Scenario {
  return normaliseScenario({ ...s, regraded });
}
