import { runTasks, taskResolver } from "./run-tasks";
import { ownValue, type Scenario, type ScenarioFlip, type ScenarioRequired } from "./scenario";
import type { ScoringCheck, ScoringRollout, ScoringRun, ScoringTask } from "./types";

export interface AppliedScenario {
  /** A new run; rollouts and tasks the scenario does not touch are shared with the input, never mutated. */
  run: ScoringRun;
  /** Rollout id → whether a flip or a required change altered one of its checks (its reward is then recomputed). */
  checksChanged: Record<string, boolean>;
  /** Scenario entries that matched nothing in the run, in words. */
  warnings: string[];
}

const matchesCheck = (c: ScoringCheck, ref: string): boolean => c.key === ref || c.label === ref;

interface Indexed<T> {
  index: number;
  entry: T;
}

function byTask<T>(entries: readonly T[], taskRef: (e: T) => string | undefined, resolve: (ref: string) => ScoringTask[]) {
  const scoped = new Map<string, Indexed<T>[]>();
  const global: Indexed<T>[] = [];
  const unresolved: Indexed<T>[] = [];
  entries.forEach((entry, index) => {
    const ref = taskRef(entry);
    if (ref === undefined) return void global.push({ index, entry });
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
  const checksChanged: Record<string, boolean> = {};

  const rollouts = run.rollouts.map((rollout): ScoringRollout => {
    const taskFlips = (flips.scoped.get(rollout.task) ?? []).filter((f) => f.entry.rollout === undefined || f.entry.rollout === rollout.id);
    const taskRequired = [...required.global, ...(required.scoped.get(rollout.task) ?? [])].sort((x, y) => x.index - y.index);
    const reweigh = hasComponents && rollout.rule === "grade";
    checksChanged[rollout.id] = false;
    if (taskFlips.length === 0 && taskRequired.length === 0 && !reweigh) return rollout;
    let changed = false;
    const checks = rollout.checks.map((check) => {
      const next = { ...check };
      for (const { index, entry } of taskRequired) {
        if (!matchesCheck(check, entry.check)) continue;
        requiredMatched.add(index);
        next.required = entry.required;
      }
      for (const { index, entry } of taskFlips) {
        if (!matchesCheck(check, entry.check)) continue;
        flipMatched.add(index);
        next.passed = entry.passed;
        next.score = entry.passed ? 1 : 0;
        next.status = "graded";
      }
      const weight = reweigh ? ownValue(components, check.key) : undefined;
      if (weight !== undefined) {
        componentMatched.add(check.key);
        next.weight = weight;
      }
      if (next.passed !== check.passed || next.score !== check.score || next.status !== check.status || next.required !== check.required) {
        changed = true;
      }
      return next;
    });
    checksChanged[rollout.id] = changed;
    return { ...rollout, checks };
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
  const groups = new Set(tasks.map((t) => t.group ?? "(none)"));
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
