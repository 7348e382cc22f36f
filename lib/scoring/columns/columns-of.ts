import { MEASURE_KEYS } from "../core/measures";
import type { ScoringCheck, ScoringRun } from "../core/types";
import { narrowest } from "./column-kinds";
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
import { ColumnParts, Numbers, Strings } from "./column-parts";

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
  const n = run.rollouts.length;
  const parts = new ColumnParts(strings, n);
  const { taskRow, template, templateWeight, templateHasWeight, sequenceStart, sequenceTemplate } = parts;
  const addTask = parts.addTask.bind(parts);
  for (const t of run.tasks) addTask(t.key, t.taskId, t.name, t.group, t.weight);
  for (const r of run.rollouts) if (!taskRow.has(r.task)) addTask(r.task, r.task, null, null, 1);

  // Templates and sequences; a rollout is first compared with the one before, which it mostly repeats.
  const templateOf: ScoringCheck[] = [];
  const templateIds = new Map<string, number>();
  const sequenceIds = new Map<string, number>();
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

  const { scores, rolloutTask, rolloutSequence, rolloutStatus, rolloutRule, reportedPassed } = parts;
  const { reportedReward, hasReportedReward, penalties, gate, reason, source, failure, warned } = parts;
  const { measured, measureValues } = parts;
  const codes = new Numbers();
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

  return parts.finish(
    {
      name: run.name,
      format: run.format,
      passThreshold: run.passThreshold,
      declaredTasks: run.tasks.length,
      warnings: run.warnings,
      regrades: run.regrades,
    },
    run.rollouts.map((r) => r.id),
    { code: Uint8Array.from(codes.view()), tag: narrowest(checkTag.view()), tagStrings },
  );
}
