import { checkScore, isGraded } from "./rollout";
import { runTasks, taskResolver } from "./run-tasks";
import { NO_GROUP } from "./schemes";
import { ownValue, type Scenario, type ScenarioFlip, type ScenarioRequired } from "./scenario";
import type { ScoringCheck, ScoringRollout, ScoringRun, ScoringTask } from "./types";

export interface AppliedScenario {
  /** A new run; rollouts and tasks the scenario does not touch are shared with the input, never mutated. */
  run: ScoringRun;
  /**
   * Per rollout, aligned with `run.rollouts`: whether a flip or a required change altered one of its checks
   * (its reward is then recomputed from its checks).
   */
  checksChanged: boolean[];
  /** Scenario entries that matched nothing in the run, in words. */
  warnings: string[];
}

/** Compares what scoring reads (graded or not, verdict, effective score, required), not the raw fields. */
function verdictDiffers(a: ScoringCheck, b: ScoringCheck): boolean {
  const ga = isGraded(a);
  const gb = isGraded(b);
  if (ga !== gb || a.required !== b.required) return true;
  return ga && (a.passed !== b.passed || checkScore(a) !== checkScore(b));
}

const NONE: never[] = [];

const matchesCheck = (c: ScoringCheck, ref: string): boolean => c.key === ref || c.label === ref;

interface Indexed<T> {
  index: number;
  entry: T;
}

/**
 * Splits scenario entries by the task they name (one entry may name several tasks through a bare taskId):
 * `global` entries name no task and apply everywhere; `unresolved` ones name a task the run does not have.
 */
function byTask<T>(entries: readonly T[], taskRef: (e: T) => string | undefined, resolve: (ref: string) => ScoringTask[]) {
  const scoped = new Map<string, Indexed<T>[]>();
  const global: Indexed<T>[] = [];
  const unresolved: Indexed<T>[] = [];
  entries.forEach((entry, index) => {
    const ref = taskRef(entry);
    if (ref === undefined) {
      global.push({ index, entry });
      return;
    }
    const tasks = resolve(ref);
    if (tasks.length === 0) unresolved.push({ index, entry });
    for (const t of tasks) {
      const list = scoped.get(t.key);
      if (list) list.push({ index, entry });
      else scoped.set(t.key, [{ index, entry }]);
    }
  });
  return { scoped, global, unresolved };
}

/**
 * Applies a what-if scenario to a run: flips (set passed and score 1/0, and make the check graded),
 * required changes, task weights, the pass threshold and grade component weights. It changes verdicts and
 * weights, never which rollouts are scored. Headline, group weights and the unscored policy are read by
 * computeReport; group weights that name no group are warned about here.
 */
export function applyScenario(run: ScoringRun, scenario: Scenario): AppliedScenario {
  const tasks = runTasks(run);
  const resolve = taskResolver(tasks);
  const warnings: string[] = [];
  const flips = byTask(scenario.flips ?? [], (f) => f.task, resolve);
  const required = byTask(scenario.required ?? [], (r) => r.task, resolve);
  const components = scenario.componentWeights ?? {};
  const hasComponents = Object.keys(components).length > 0;
  const flipMatched = new Set<number>();
  const requiredMatched = new Set<number>();
  const componentMatched = new Set<string>();
  const checksChanged: boolean[] = [];

  // Required rules per task (global ones merged in, scenario order kept), built once per task.
  const requiredByTask = new Map<string, Indexed<ScenarioRequired>[]>();
  const requiredFor = (taskKey: string) => {
    let list = requiredByTask.get(taskKey);
    if (!list) {
      list = [...required.global, ...(required.scoped.get(taskKey) ?? [])].sort((x, y) => x.index - y.index);
      requiredByTask.set(taskKey, list);
    }
    return list;
  };

  // Returns the check itself when nothing applies, so untouched checks are shared, not copied.
  const applyToCheck = (
    check: ScoringCheck,
    taskRequired: readonly Indexed<ScenarioRequired>[],
    taskFlips: readonly Indexed<ScenarioFlip>[],
    reweigh: boolean,
  ): ScoringCheck => {
    let next: ScoringCheck | null = null;
    for (const { index, entry } of taskRequired) {
      if (!matchesCheck(check, entry.check)) continue;
      requiredMatched.add(index);
      next = { ...(next ?? check), required: entry.required };
    }
    for (const { index, entry } of taskFlips) {
      if (!matchesCheck(check, entry.check)) continue;
      flipMatched.add(index);
      next = { ...(next ?? check), passed: entry.passed, score: entry.passed ? 1 : 0, status: "graded" };
    }
    const weight = reweigh ? ownValue(components, check.key) : undefined;
    if (weight !== undefined) {
      componentMatched.add(check.key);
      next = { ...(next ?? check), weight };
    }
    return next ?? check;
  };

  const rollouts = run.rollouts.map((rollout): ScoringRollout => {
    const scopedFlips = flips.scoped.get(rollout.task);
    const taskFlips = scopedFlips ? scopedFlips.filter((f) => f.entry.rollout === undefined || f.entry.rollout === rollout.id) : NONE;
    const taskRequired = requiredFor(rollout.task);
    const reweigh = hasComponents && rollout.rule === "grade";
    if (taskFlips.length === 0 && taskRequired.length === 0 && !reweigh) {
      checksChanged.push(false);
      return rollout;
    }
    let changed = false;
    let copied = false;
    const checks = rollout.checks.map((check) => {
      const next = applyToCheck(check, taskRequired, taskFlips, reweigh);
      if (next === check) return check;
      copied = true;
      if (verdictDiffers(check, next)) changed = true;
      return next;
    });
    checksChanged.push(changed);
    return copied ? { ...rollout, checks } : rollout;
  });

  const describeFlip = (f: ScenarioFlip) => `flip of ${f.check} in ${f.task}${f.rollout === undefined ? "" : ` rollout ${f.rollout}`}`;
  const describeRequired = (r: ScenarioRequired) => `required change of ${r.check}${r.task === undefined ? "" : ` in ${r.task}`}`;
  for (const { entry } of flips.unresolved) warnings.push(`Scenario: ${describeFlip(entry)} names no task of this run`);
  (scenario.flips ?? []).forEach((f, i) => {
    if (!flipMatched.has(i) && resolve(f.task).length > 0) warnings.push(`Scenario: ${describeFlip(f)} matches no check`);
  });
  (scenario.required ?? []).forEach((r, i) => {
    if (!requiredMatched.has(i)) warnings.push(`Scenario: ${describeRequired(r)} matches no check`);
  });
  for (const key of Object.keys(components)) {
    if (!componentMatched.has(key)) warnings.push(`Scenario: component weight ${key} matches no grade component`);
  }

  const weights = scenario.weights ?? {};
  const weightByKey = new Map<string, number>();
  for (const [ref, w] of Object.entries(weights)) {
    const matched = resolve(ref);
    if (matched.length === 0) warnings.push(`Scenario: weight for ${ref} names no task of this run`);
    // An exact key beats a bare taskId naming the same task.
    for (const t of matched) if (t.key === ref || !Object.hasOwn(weights, t.key)) weightByKey.set(t.key, w);
  }
  const groups = new Set(tasks.map((t) => t.group ?? NO_GROUP));
  for (const g of Object.keys(scenario.groupWeights ?? {})) {
    if (!groups.has(g)) warnings.push(`Scenario: group weight for ${g} names no group of this run`);
  }

  const newTasks = tasks.map((t) => {
    const w = weightByKey.get(t.key);
    return w === undefined ? t : { ...t, weight: w };
  });
  return {
    run: {
      ...run,
      tasks: newTasks,
      rollouts,
      passThreshold: scenario.passThreshold ?? run.passThreshold,
    },
    checksChanged,
    warnings,
  };
}
