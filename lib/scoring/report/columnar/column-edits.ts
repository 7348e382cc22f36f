import { RULE_GRADE } from "../../columns/run-columns";
import type { UnscoredPolicy } from "../../core/task-summary";
import { budgetLimits, type BudgetKey } from "../../scenario/budget";
import { ownValue, type Scenario, type ScenarioFlip, type ScenarioRequired } from "../../scenario/scenario";
import type { ColumnModel } from "./column-model";

/** A flip or required entry of the scenario, its check named by id (ColumnModel.names; −1: no check has it). */
export interface FlipEdit {
  /** Position in the scenario's list. */
  index: number;
  check: number;
  rollout: string | undefined;
  passed: boolean;
}

export interface RequiredEdit {
  index: number;
  check: number;
  required: boolean;
}

/**
 * A scenario as the columnar scorer applies it (the same rules as scenarioEdits, apply-scenario.ts): per task
 * the flips and required rules that reach it, per template the grade component weight, the task weights, the
 * pass threshold, and warnings for entries that matched nothing.
 */
export interface ColumnEdits {
  scenario: Scenario;
  policy: UnscoredPolicy;
  passThreshold: number;
  limits: [BudgetKey, number][];
  regraded: boolean;
  /** Per task: the flips that name it, in scenario order (undefined: none). */
  flips: (FlipEdit[] | undefined)[];
  /** Per task: the required rules that reach it (the run-wide ones merged in), in scenario order. */
  required: (readonly RequiredEdit[] | undefined)[];
  /** Per template, for rollouts of the grade rule: its component weight where `hasComponentWeight`; null: none set. */
  componentWeight: Float64Array | null;
  hasComponentWeight: Uint8Array | null;
  /** Per task: its weight, the scenario's where it sets one. */
  weights: readonly number[];
  /** Per group: the scenario's weight, else 1. */
  groupWeight: number[];
  warnings: string[];
}

const describeFlip = (f: ScenarioFlip) =>
  `flip of ${f.check} in ${f.task}${f.rollout === undefined ? "" : ` rollout ${f.rollout}`}`;
const describeRequired = (r: ScenarioRequired) =>
  `required change of ${r.check}${r.task === undefined ? "" : ` in ${r.task}`}`;

/** Task rows an entry names (a bare taskId may name several; a repeated declared key names its first row). */
function rowsOf(model: ColumnModel, ref: string): number[] {
  return model.resolve(ref).map((t) => model.taskRow.get(t.key)!);
}

/** Whether some check of task t (of rollout `rollout` only, when given) has the name id as its key or label. */
function taskHasName(model: ColumnModel, t: number, name: number, rollout: string | undefined): boolean {
  const c = model.columns;
  for (let k = model.taskStart[t]!; k < model.taskStart[t + 1]!; k++) {
    const r = model.taskRollouts[k]!;
    if (rollout !== undefined && model.ids[r] !== rollout) continue;
    const seq = c.rolloutSequence[r]!;
    for (let j = c.sequenceStart[seq]!; j < c.sequenceStart[seq + 1]!; j++) {
      const tmpl = c.sequenceTemplate[j]!;
      if (model.templateKeyName[tmpl] === name || model.templateLabelName[tmpl] === name) return true;
    }
  }
  return false;
}

export function columnEdits(model: ColumnModel, scenario: Scenario): ColumnEdits {
  const T = model.tasks.length;
  const warnings: string[] = [];
  const nameId = (check: string) => model.names.get(check) ?? -1;

  const flips: (FlipEdit[] | undefined)[] = new Array<FlipEdit[] | undefined>(T);
  const flipList = scenario.flips ?? [];
  flipList.forEach((f, index) => {
    const rows = rowsOf(model, f.task);
    if (rows.length === 0) warnings.push(`Scenario: ${describeFlip(f)} names no task of this run`);
    const edit: FlipEdit = { index, check: nameId(f.check), rollout: f.rollout, passed: f.passed };
    for (const row of rows) (flips[row] ??= []).push(edit);
  });
  flipList.forEach((f, index) => {
    const rows = rowsOf(model, f.task);
    const check = nameId(f.check);
    if (rows.length > 0 && !rows.some((t) => check >= 0 && flipReaches(model, flips[t]!, index, t, check)))
      warnings.push(`Scenario: ${describeFlip(f)} matches no check`);
  });

  // Required rules: the run-wide ones reach every task; a task named by some rule gets both, in scenario order.
  const requiredList = scenario.required ?? [];
  const global: RequiredEdit[] = [];
  const scoped: (RequiredEdit[] | undefined)[] = new Array<RequiredEdit[] | undefined>(T);
  requiredList.forEach((r, index) => {
    const edit: RequiredEdit = { index, check: nameId(r.check), required: r.required };
    if (r.task === undefined) global.push(edit);
    else for (const row of rowsOf(model, r.task)) (scoped[row] ??= []).push(edit);
  });
  const required: (readonly RequiredEdit[] | undefined)[] = new Array<RequiredEdit[] | undefined>(T);
  for (let t = 0; t < T; t++) {
    const own = scoped[t];
    required[t] = own ? [...global, ...own].sort((x, y) => x.index - y.index) : global.length > 0 ? global : undefined;
  }
  requiredList.forEach((r) => {
    const check = nameId(r.check);
    const rows = r.task === undefined ? null : rowsOf(model, r.task);
    const matched =
      check >= 0 &&
      (rows === null
        ? model.templateKeyName.some((k, t) => k === check || model.templateLabelName[t] === check)
        : rows.some((t) => taskHasName(model, t, check, undefined)));
    if (!matched) warnings.push(`Scenario: ${describeRequired(r)} matches no check`);
  });

  const components = scenario.componentWeights ?? {};
  let componentWeight: Float64Array | null = null;
  let hasComponentWeight: Uint8Array | null = null;
  if (Object.keys(components).length > 0) {
    const s = model.columns.strings;
    const keys = model.columns.templateKey;
    componentWeight = Float64Array.from(keys, (k) => ownValue(components, s[k]!) ?? 0);
    hasComponentWeight = Uint8Array.from(keys, (k) => (ownValue(components, s[k]!) === undefined ? 0 : 1));
    const matched = new Set<string>();
    model.gradeTemplates.forEach((g, t) => {
      if (g === 1 && hasComponentWeight![t] === 1) matched.add(s[keys[t]!]!);
    });
    for (const key of Object.keys(components))
      if (!matched.has(key)) warnings.push(`Scenario: component weight ${key} matches no grade component`);
  }

  const weights = scenario.weights ?? {};
  const weightByKey = new Map<string, number>();
  for (const [ref, w] of Object.entries(weights)) {
    const matched = model.resolve(ref);
    if (matched.length === 0) warnings.push(`Scenario: weight for ${ref} names no task of this run`);
    // An exact key beats a bare taskId naming the same task.
    for (const t of matched) if (t.key === ref || !Object.hasOwn(weights, t.key)) weightByKey.set(t.key, w);
  }
  for (const g of Object.keys(scenario.groupWeights ?? {})) {
    if (!model.groups.includes(g)) warnings.push(`Scenario: group weight for ${g} names no group of this run`);
  }

  return {
    scenario,
    policy: scenario.unscored ?? "exclude",
    passThreshold: scenario.passThreshold ?? model.columns.passThreshold,
    limits: budgetLimits(scenario.budget),
    regraded: scenario.regraded === true,
    flips,
    required,
    componentWeight,
    hasComponentWeight,
    weights: weightsOf(model, weightByKey),
    groupWeight: model.groups.map((g) => ownValue(scenario.groupWeights, g) ?? 1),
    warnings,
  };
}

/** Each task's weight: the scenario's by key where it sets one, else the declared one. */
function weightsOf(model: ColumnModel, byKey: ReadonlyMap<string, number>): readonly number[] {
  if (byKey.size === 0) return model.weights;
  // Keys are mostly unique: then only the rows named change (a key declared twice names both of its rows).
  if (model.taskRow.size !== model.tasks.length) return model.tasks.map((t) => byKey.get(t.key) ?? t.weight);
  const weights = model.weights.slice();
  for (const [key, w] of byKey) weights[model.taskRow.get(key)!] = w;
  return weights;
}

/** Whether flip `index` among task t's flips reaches a check named `check` in some rollout it applies to. */
function flipReaches(model: ColumnModel, list: readonly FlipEdit[], index: number, t: number, check: number) {
  const edit = list.find((e) => e.index === index)!;
  return taskHasName(model, t, check, edit.rollout);
}

/** Whether the edits change anything about task t's checks (a flip or a required rule reaches it, or a grade weight). */
export function touchesTask(edits: ColumnEdits, t: number): boolean {
  return edits.flips[t] !== undefined || edits.required[t] !== undefined || edits.componentWeight !== null;
}

/** The flips of task t as a comparable text: two scenarios whose texts agree score the task alike. */
export function flipsKey(edits: ColumnEdits, t: number): string {
  const list = edits.flips[t];
  return list === undefined ? "" : JSON.stringify(list.map((e) => [e.check, e.rollout ?? null, e.passed]));
}

/** Whether a rollout of the grade rule (component weights reach only those). */
export const isGradeRule = (rule: number) => rule === RULE_GRADE;
