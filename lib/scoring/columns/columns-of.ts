import { MEASURE_KEYS } from "../core/measures";
import type { ScoringCheck, ScoringRun } from "../core/types";
import { narrowest, stringColumn } from "./column-kinds";
import {
  CHECK_STATUSES,
  ROLLOUT_STATUS,
  SCORE_DEFAULT,
  SCORE_NULL,
  SCORE_OWN,
  VERDICT_RULES,
  checkCode,
  type RunColumns,
} from "./run-columns";
import { checkStarts } from "./check-starts";

/** Dense ids for strings in order of first appearance; consecutive lookups of one string skip the hash. */
export class Strings {
  readonly list: string[] = [];
  private readonly ids = new Map<string, number>();
  private last: string | undefined;
  private lastId = -1;

  of(s: string): number {
    if (s === this.last) return this.lastId;
    let id = this.ids.get(s);
    if (id === undefined) {
      this.ids.set(s, (id = this.list.length));
      this.list.push(s);
    }
    this.last = s;
    this.lastId = id;
    return id;
  }

  orNull(s: string | null): number {
    return s === null ? -1 : this.of(s);
  }
}

/** Appends to a growing list of numbers and hands it out as a typed array. */
export class Numbers {
  private values = new Float64Array(64);
  length = 0;

  push(x: number) {
    if (this.length === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = x;
  }

  view(): Float64Array {
    return this.values.subarray(0, this.length);
  }

  int32(): Int32Array {
    return Int32Array.from(this.view());
  }
}

export function statusCode(status: ScoringCheck["status"]): number {
  switch (status) {
    case "graded":
      return 0;
    case "not_assigned":
      return 1;
    case "error":
      return 2;
  }
  return code(CHECK_STATUSES, status, "check status");
}

export function code<T>(list: readonly T[], value: T, what: string): number {
  const i = list.indexOf(value);
  if (i < 0) throw new Error(`A run's ${what} is ${String(value)}, not one of ${list.join(", ")}`);
  return i;
}

export const passedCode = (p: boolean | null) => (p === null ? 2 : p ? 1 : 0);

export function scoreState(c: ScoringCheck): number {
  if (c.score === null) return c.passed === null ? SCORE_DEFAULT : SCORE_NULL;
  if (c.passed !== null && Object.is(c.score, c.passed ? 1 : 0)) return SCORE_DEFAULT;
  return SCORE_OWN;
}

/** The run as columns (run-columns.ts). Throws on a status, rule or check status the types do not allow. */
export function columnsOf(run: ScoringRun): RunColumns {
  const strings = new Strings();

  // Tasks as runTasks numbers them: declared ones (a repeated key keeps its first row), then undeclared keys.
  const taskRow = new Map<string, number>();
  const taskKey = new Numbers();
  const taskId = new Numbers();
  const taskName = new Numbers();
  const taskGroup = new Numbers();
  const taskWeight = new Numbers();
  const addTask = (key: string, id: string, name: string | null, group: string | null, weight: number) => {
    if (!taskRow.has(key)) taskRow.set(key, taskKey.length);
    taskKey.push(strings.of(key));
    taskId.push(strings.of(id));
    taskName.push(strings.orNull(name));
    taskGroup.push(strings.orNull(group));
    taskWeight.push(weight);
  };
  for (const t of run.tasks) addTask(t.key, t.taskId, t.name, t.group, t.weight);
  for (const r of run.rollouts) if (!taskRow.has(r.task)) addTask(r.task, r.task, null, null, 1);

  // Templates and sequences; a rollout is first compared with the one before, which it mostly repeats.
  const template = { key: new Numbers(), label: new Numbers(), dimension: new Numbers(), required: new Numbers() };
  const templateWeight = new Numbers();
  const templateHasWeight = new Numbers();
  const templateOf: ScoringCheck[] = [];
  const templateIds = new Map<string, number>();
  const sequenceStart = new Numbers();
  const sequenceTemplate = new Numbers();
  const sequenceIds = new Map<string, number>();
  sequenceStart.push(0);
  const sameDefinition = (t: number | undefined, c: ScoringCheck) => {
    const d = t === undefined ? undefined : templateOf[t];
    return (
      d !== undefined &&
      d.key === c.key &&
      d.label === c.label &&
      d.dimension === c.dimension &&
      d.required === c.required &&
      Object.is(d.weight, c.weight)
    );
  };
  const templateFor = (c: ScoringCheck): number => {
    const key = strings.of(c.key);
    const label = strings.of(c.label);
    const dimension = strings.of(c.dimension);
    const weight = c.weight === null ? "n" : Object.is(c.weight, -0) ? "-0" : String(c.weight);
    const id = `${key},${label},${dimension},${c.required ? 1 : 0},${weight}`;
    let t = templateIds.get(id);
    if (t === undefined) {
      templateIds.set(id, (t = templateOf.length));
      templateOf.push(c);
      template.key.push(key);
      template.label.push(label);
      template.dimension.push(dimension);
      template.required.push(c.required ? 1 : 0);
      templateWeight.push(c.weight ?? 0);
      templateHasWeight.push(c.weight === null ? 0 : 1);
    }
    return t;
  };

  const n = run.rollouts.length;
  const rolloutTask = new Int32Array(n);
  const rolloutSequence = new Int32Array(n);
  const rolloutStatus = new Uint8Array(n);
  const rolloutRule = new Uint8Array(n);
  const reportedPassed = new Uint8Array(n);
  const reportedReward = new Float64Array(n);
  const hasReportedReward = new Uint8Array(n);
  const penalties = { at: new Numbers(), values: new Numbers() };
  const gate = { at: new Numbers(), values: new Numbers() };
  const reason = { at: new Numbers(), values: new Numbers() };
  const source = { at: new Numbers(), values: [] as string[] };
  const failure = { at: new Numbers(), errorType: new Numbers(), message: new Numbers(), lastTool: new Numbers() };
  const warned = { at: new Numbers(), start: new Numbers(), text: new Numbers() };
  warned.start.push(0);
  const measured = { at: new Numbers(), mask: new Numbers() };
  const measureValues = MEASURE_KEYS.map(() => new Numbers());
  const codes = new Numbers();
  const scores = { at: new Numbers(), values: new Numbers() };
  const checkTag = new Numbers();
  const tagIds = new Map<number, number>();
  const tagStrings: number[] = [];

  let previous: number[] = [];
  let previousId = -1;
  const sequence: number[] = [];
  for (let r = 0; r < n; r++) {
    const rollout = run.rollouts[r]!;
    sequence.length = 0;
    for (const c of rollout.checks) {
      const i = codes.length;
      const state = scoreState(c);
      if (state === SCORE_OWN) {
        scores.at.push(i);
        scores.values.push(c.score!);
      }
      codes.push(checkCode(passedCode(c.passed), statusCode(c.status), state));
      if (c.failureTag === null) checkTag.push(0);
      else {
        const id = strings.of(c.failureTag);
        let tag = tagIds.get(id);
        if (tag === undefined) {
          tagIds.set(id, (tag = tagStrings.length));
          tagStrings.push(id);
        }
        checkTag.push(tag + 1);
      }
      const same = previous[sequence.length];
      sequence.push(sameDefinition(same, c) ? same! : templateFor(c));
    }
    let s = previousId;
    if (s < 0 || sequence.length !== previous.length || sequence.some((t, j) => t !== previous[j])) {
      const id = sequence.join(",");
      const known = sequenceIds.get(id);
      if (known === undefined) {
        sequenceIds.set(id, (s = sequenceIds.size));
        for (const t of sequence) sequenceTemplate.push(t);
        sequenceStart.push(sequenceTemplate.length);
      } else s = known;
      previous = [...sequence];
      previousId = s;
    }
    rolloutSequence[r] = s;
    rolloutTask[r] = taskRow.get(rollout.task)!;
    rolloutStatus[r] = code(ROLLOUT_STATUS, rollout.status, "rollout status");
    rolloutRule[r] = code(VERDICT_RULES, rollout.rule, "verdict rule");
    reportedPassed[r] = passedCode(rollout.reportedPassed);
    if (rollout.reportedReward !== null) {
      reportedReward[r] = rollout.reportedReward;
      hasReportedReward[r] = 1;
    }
    if (!Object.is(rollout.penalties, 0)) {
      penalties.at.push(r);
      penalties.values.push(rollout.penalties);
    }
    if (rollout.gate !== null) {
      gate.at.push(r);
      gate.values.push(strings.of(rollout.gate));
    }
    if (rollout.unscoredReason !== undefined) {
      reason.at.push(r);
      reason.values.push(strings.of(rollout.unscoredReason));
    }
    if (rollout.source !== undefined) {
      source.at.push(r);
      source.values.push(rollout.source);
    }
    if (rollout.failure !== undefined) {
      failure.at.push(r);
      failure.errorType.push(strings.orNull(rollout.failure.errorType));
      failure.message.push(strings.orNull(rollout.failure.message));
      failure.lastTool.push(strings.orNull(rollout.failure.lastTool));
    }
    if (rollout.warnings !== undefined) {
      warned.at.push(r);
      for (const w of rollout.warnings) warned.text.push(strings.of(w));
      warned.start.push(warned.text.length);
    }
    const m = rollout.measures;
    if (m !== undefined) {
      let mask = 0;
      MEASURE_KEYS.forEach((key, k) => {
        const v = m[key];
        if (typeof v !== "number") return;
        mask |= 1 << k;
        measureValues[k]!.push(v);
      });
      measured.at.push(r);
      measured.mask.push(mask);
    }
  }

  const regrades = run.regrades;
  const warnings = run.warnings === undefined ? null : Int32Array.from(run.warnings, (w) => strings.of(w));
  const regradeColumns =
    regrades === undefined
      ? null
      : {
          rollout: Int32Array.from(regrades, (g) => strings.of(g.rollout)),
          originalReward: narrowest(regrades.map((g) => g.originalReward ?? 0)),
          hasOriginalReward: Uint8Array.from(regrades, (g) => (g.originalReward === null ? 0 : 1)),
          newReward: narrowest(regrades.map((g) => g.newReward ?? 0)),
          hasNewReward: Uint8Array.from(regrades, (g) => (g.newReward === null ? 0 : 1)),
          change: Int32Array.from(regrades, (g) => strings.of(g.change)),
        };
  const columns: RunColumns = {
    name: run.name,
    format: run.format,
    passThreshold: run.passThreshold,
    strings: strings.list,
    declaredTasks: run.tasks.length,
    taskKey: taskKey.int32(),
    taskId: taskId.int32(),
    taskName: taskName.int32(),
    taskGroup: taskGroup.int32(),
    taskWeight: narrowest(taskWeight.view()),
    templateKey: template.key.int32(),
    templateLabel: template.label.int32(),
    templateDimension: template.dimension.int32(),
    templateRequired: Uint8Array.from(template.required.view()),
    templateWeight: narrowest(templateWeight.view()),
    templateHasWeight: Uint8Array.from(templateHasWeight.view()),
    sequenceStart: sequenceStart.int32(),
    sequenceTemplate: sequenceTemplate.int32(),
    rolloutId: stringColumn(run.rollouts.map((r) => r.id)),
    rolloutTask: narrowest(rolloutTask),
    rolloutSequence: narrowest(rolloutSequence),
    checkStart: new Int32Array(0),
    rolloutStatus,
    rolloutRule,
    reportedPassed,
    reportedReward: narrowest(reportedReward),
    hasReportedReward,
    penalties: { at: penalties.at.int32(), values: narrowest(penalties.values.view()) },
    gate: { at: gate.at.int32(), values: gate.values.int32() },
    unscoredReason: { at: reason.at.int32(), values: reason.values.int32() },
    source: { at: source.at.int32(), values: stringColumn(source.values) },
    failure: {
      at: failure.at.int32(),
      errorType: failure.errorType.int32(),
      message: failure.message.int32(),
      lastTool: failure.lastTool.int32(),
    },
    warningRollouts: warned.at.int32(),
    warningStart: warned.start.int32(),
    warningText: warned.text.int32(),
    measured: { at: measured.at.int32(), values: Uint16Array.from(measured.mask.view()) },
    measureValues: measureValues.map((v) => narrowest(v.view())),
    checkCode: Uint8Array.from(codes.view()),
    scores: { at: scores.at.int32(), values: Float64Array.from(scores.values.view()) },
    checkTag: narrowest(checkTag.view()),
    tagStrings: Int32Array.from(tagStrings),
    warnings,
    regrades: regradeColumns,
  };
  return { ...columns, checkStart: checkStarts(columns) };
}
