import { checkScore, isGraded } from "../core/rollout";
import { runIndex, type RunIndex } from "../core/run-index";
import { ownValue, type Scenario, type ScenarioFlip, type ScenarioRequired } from "./scenario";
import type { ScoringCheck, ScoringRun, ScoringTask } from "../core/types";

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
export function verdictDiffers(a: ScoringCheck, b: ScoringCheck): boolean {
  const ga = isGraded(a);
  const gb = isGraded(b);
  if (ga !== gb || a.required !== b.required) return true;
  return ga && (a.passed !== b.passed || checkScore(a) !== checkScore(b));
}

/** A check as a flip leaves it: graded, with the flip's verdict and a score of 1 or 0. */
export function flippedCheck(
  check: ScoringCheck,
  passed: boolean,
): { -readonly [K in keyof ScoringCheck]: ScoringCheck[K] } {
  return { ...check, passed, score: passed ? 1 : 0, status: "graded" };
}

/** verdictDiffers(check, flippedCheck(check, passed)), without making the flipped check. */
export function flipChanges(check: ScoringCheck, passed: boolean): boolean {
  return !isGraded(check) || check.passed !== passed || checkScore(check) !== (passed ? 1 : 0);
}

interface Indexed<T> {
  /** Position in the scenario's list. */
  index: number;
  entry: T;
  /** The id (RunIndex.names) of the key or label the entry names; -1 when no check of the run has it. */
  check: number;
}

/**
 * Splits scenario entries by the task they name (one entry may name several tasks through a bare taskId):
 * `scoped` by task row (RunIndex.tasks), `global` entries name no task and apply everywhere, `unresolved`
 * ones name a task the run does not have.
 */
function byTask<T extends { task?: string; check: string }>(entries: readonly T[], index: RunIndex) {
  const scoped: (Indexed<T>[] | undefined)[] = index.tasks.map(() => undefined);
  let scopedCount = 0;
  const global: Indexed<T>[] = [];
  const unresolved: Indexed<T>[] = [];
  entries.forEach((entry, i) => {
    const indexed = { index: i, entry, check: index.names.get(entry.check) ?? -1 };
    if (entry.task === undefined) {
      global.push(indexed);
      return;
    }
    const tasks = index.resolve(entry.task);
    if (tasks.length === 0) unresolved.push(indexed);
    for (const t of tasks) {
      const row = index.taskRow.get(t.key)!;
      scopedCount += 1;
      (scoped[row] ??= []).push(indexed);
    }
  });
  return { scoped, scopedCount, global, unresolved };
}

/**
 * Edits checks for one scenario and remembers which entries matched something. Checks are matched by id
 * (RunIndex numbering: check i, its key and label ids), because this runs for every check of every
 * rollout an entry reaches, which is all of them for a run-wide required change.
 */
class CheckEditor {
  /** Per flip and per required entry (scenario order): 1 once it matched a check. */
  readonly flipMatched: Uint8Array;
  readonly requiredMatched: Uint8Array;
  readonly componentMatched = new Set<string>();

  constructor(
    private readonly index: RunIndex,
    private readonly components: Readonly<Record<string, number>>,
    scenario: Scenario,
  ) {
    this.flipMatched = new Uint8Array(scenario.flips?.length ?? 0);
    this.requiredMatched = new Uint8Array(scenario.required?.length ?? 0);
  }

  private matches(i: number, e: Indexed<unknown>): boolean {
    return this.index.checkKey[i] === e.check || this.index.checkLabel[i] === e.check;
  }

  /**
   * Check i with the entries that name it applied (a later entry wins), or the check itself when none does,
   * so untouched checks are shared; a changed check is copied once, however many entries apply.
   */
  edit(
    check: ScoringCheck,
    i: number,
    required: readonly Indexed<ScenarioRequired>[],
    flips: readonly Indexed<ScenarioFlip>[],
    reweigh: boolean,
  ): ScoringCheck {
    let isRequired: boolean | undefined;
    let passed: boolean | undefined;
    for (let k = 0; k < required.length; k++) {
      const e = required[k]!;
      if (!this.matches(i, e)) continue;
      this.requiredMatched[e.index] = 1;
      isRequired = e.entry.required;
    }
    for (let k = 0; k < flips.length; k++) {
      const e = flips[k]!;
      if (!this.matches(i, e)) continue;
      this.flipMatched[e.index] = 1;
      passed = e.entry.passed;
    }
    const weight = reweigh ? ownValue(this.components, check.key) : undefined;
    if (weight !== undefined) this.componentMatched.add(check.key);
    if (isRequired === undefined && passed === undefined && weight === undefined) return check;
    const next = passed === undefined ? { ...check } : flippedCheck(check, passed);
    if (isRequired !== undefined) next.required = isRequired;
    if (weight !== undefined) next.weight = weight;
    return next;
  }
}

const NONE: never[] = [];

/**
 * What a scenario changes in a run, without copying the run: each rollout's checks (copied where one
 * changes), task weights, the pass threshold, and warnings for entries that matched nothing. Scoring reads
 * checks from it; applyScenario builds the changed run from it.
 */
export interface ScenarioEdits {
  /** Per rollout, its checks as the scenario leaves them: the rollout's own array where none changed. */
  checks: (readonly ScoringCheck[])[];
  /** Per rollout: whether a flip or a required change altered what scoring reads of one of its checks. */
  checksChanged: boolean[];
  /** Per task of runTasks(run) (RunIndex.tasks): its weight, the scenario's where it sets one. */
  weights: number[];
  passThreshold: number;
  warnings: string[];
}

/**
 * Applies a what-if scenario to a run: flips (set passed and score 1/0, and make the check graded),
 * required changes, task weights, the pass threshold and grade component weights. It changes verdicts and
 * weights, never which rollouts are scored. Headline, group weights and the unscored policy are read by
 * computeReport; group weights that name no group are warned about here.
 */
export function applyScenario(run: ScoringRun, scenario: Scenario): AppliedScenario {
  const edits = scenarioEdits(run, scenario);
  const rollouts = run.rollouts.map((rollout, r) => {
    const checks = edits.checks[r]!;
    return checks === rollout.checks ? rollout : { ...rollout, checks };
  });
  return {
    run: {
      ...run,
      tasks: weightedTasks(runIndex(run).tasks, edits.weights),
      rollouts,
      passThreshold: edits.passThreshold,
    },
    checksChanged: edits.checksChanged,
    warnings: edits.warnings,
  };
}

/** The tasks with their scenario weights (a task is copied only when its weight changes). */
function weightedTasks(tasks: readonly ScoringTask[], weights: readonly number[]): ScoringTask[] {
  return tasks.map((t, i) => (t.weight === weights[i] ? t : { ...t, weight: weights[i]! }));
}

export function scenarioEdits(run: ScoringRun, scenario: Scenario): ScenarioEdits {
  const index = runIndex(run);
  const { tasks, resolve, groups, checkStart, checkKey, checkLabel, rolloutTask } = index;
  const warnings: string[] = [];
  const flips = byTask(scenario.flips ?? [], index);
  const required = byTask(scenario.required ?? [], index);
  const components = scenario.componentWeights ?? {};
  const hasComponents = Object.keys(components).length > 0;
  const editor = new CheckEditor(index, components, scenario);
  // The keys and labels (RunIndex.names ids) some entry names: a check named by none needs no closer look.
  const named = new Uint8Array(index.names.size);
  for (const { check } of [...(scenario.flips ?? []), ...(scenario.required ?? [])]) {
    const id = index.names.get(check);
    if (id !== undefined) named[id] = 1;
  }

  // Required rules per task row (global ones merged in, scenario order kept).
  const requiredOf = tasks.map((_, row) => {
    const scoped = required.scoped[row];
    return scoped ? [...required.global, ...scoped].sort((x, y) => x.index - y.index) : required.global;
  });

  const checksChanged = new Array<boolean>(run.rollouts.length).fill(false);
  const touchesChecks =
    flips.scopedCount > 0 || required.global.length > 0 || required.scopedCount > 0 || hasComponents;
  const checks = run.rollouts.map((rollout, r): readonly ScoringCheck[] => {
    if (!touchesChecks) return rollout.checks;
    const row = rolloutTask[r]!;
    const scopedFlips = flips.scoped[row];
    const taskFlips = scopedFlips
      ? scopedFlips.filter((f) => f.entry.rollout === undefined || f.entry.rollout === rollout.id)
      : NONE;
    const taskRequired = requiredOf[row]!;
    const reweigh = hasComponents && rollout.rule === "grade";
    if (taskFlips.length === 0 && taskRequired.length === 0 && !reweigh) return rollout.checks;
    // Copy-on-write: the checks array is copied at the first check that changes.
    let copy: ScoringCheck[] | null = null;
    const first = checkStart[r]!;
    for (let j = 0; j < rollout.checks.length; j++) {
      const i = first + j;
      if (!reweigh && named[checkKey[i]!] === 0 && named[checkLabel[i]!] === 0) continue;
      const check = rollout.checks[j]!;
      const next = editor.edit(check, i, taskRequired, taskFlips, reweigh);
      if (next === check) continue;
      copy ??= rollout.checks.slice();
      copy[j] = next;
      if (verdictDiffers(check, next)) checksChanged[r] = true;
    }
    return copy ?? rollout.checks;
  });

  const describeFlip = (f: ScenarioFlip) =>
    `flip of ${f.check} in ${f.task}${f.rollout === undefined ? "" : ` rollout ${f.rollout}`}`;
  const describeRequired = (r: ScenarioRequired) =>
    `required change of ${r.check}${r.task === undefined ? "" : ` in ${r.task}`}`;
  for (const { entry } of flips.unresolved) warnings.push(`Scenario: ${describeFlip(entry)} names no task of this run`);
  (scenario.flips ?? []).forEach((f, i) => {
    if (editor.flipMatched[i] === 0 && resolve(f.task).length > 0)
      warnings.push(`Scenario: ${describeFlip(f)} matches no check`);
  });
  (scenario.required ?? []).forEach((r, i) => {
    if (editor.requiredMatched[i] === 0) warnings.push(`Scenario: ${describeRequired(r)} matches no check`);
  });
  for (const key of Object.keys(components)) {
    if (!editor.componentMatched.has(key))
      warnings.push(`Scenario: component weight ${key} matches no grade component`);
  }

  const weights = scenario.weights ?? {};
  const weightByKey = new Map<string, number>();
  for (const [ref, w] of Object.entries(weights)) {
    const matched = resolve(ref);
    if (matched.length === 0) warnings.push(`Scenario: weight for ${ref} names no task of this run`);
    // An exact key beats a bare taskId naming the same task.
    for (const t of matched) if (t.key === ref || !Object.hasOwn(weights, t.key)) weightByKey.set(t.key, w);
  }
  for (const g of Object.keys(scenario.groupWeights ?? {})) {
    if (!groups.includes(g)) warnings.push(`Scenario: group weight for ${g} names no group of this run`);
  }

  const newWeights = tasks.map((t) => weightByKey.get(t.key) ?? t.weight);
  return {
    checks,
    checksChanged,
    weights: newWeights,
    passThreshold: scenario.passThreshold ?? run.passThreshold,
    warnings,
  };
}
