import { MEASURE_KEYS } from "../core/measures";
import type { ScoringRun } from "../core/types";
import { withCheckStarts } from "./check-starts";
import { narrowest, stringColumn } from "./column-kinds";
import type { NumberColumn, RunColumns } from "./run-columns";

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

/** What a run's columns hold of the run itself, besides its tasks and rollouts. */
export interface RunHead {
  name: string;
  format: string;
  passThreshold: number;
  declaredTasks: number;
  warnings?: readonly string[];
  regrades?: ScoringRun["regrades"];
}

/**
 * The growing columns of a run as its two builders fill them (columnsOf from objects, ColumnsBuilder from the
 * rollouts of an ingest), and the one way they become RunColumns: the builders differ in what they read, never in
 * what they write.
 */
export class ColumnParts {
  /** Task key → its first row (a repeated declared key keeps its first). */
  readonly taskRow = new Map<string, number>();
  readonly task = { key: new Numbers(), id: new Numbers(), name: new Numbers(), group: new Numbers() };
  readonly taskWeight = new Numbers();
  readonly template = { key: new Numbers(), label: new Numbers(), dimension: new Numbers(), required: new Numbers() };
  readonly templateWeight = new Numbers();
  readonly templateHasWeight = new Numbers();
  readonly sequenceStart = new Numbers();
  readonly sequenceTemplate = new Numbers();
  readonly rolloutTask: Int32Array;
  readonly rolloutSequence: Int32Array;
  readonly rolloutStatus: Uint8Array;
  readonly rolloutRule: Uint8Array;
  readonly reportedPassed: Uint8Array;
  readonly reportedReward: Float64Array;
  readonly hasReportedReward: Uint8Array;
  readonly penalties = { at: new Numbers(), values: new Numbers() };
  readonly gate = { at: new Numbers(), values: new Numbers() };
  readonly reason = { at: new Numbers(), values: new Numbers() };
  readonly source = { at: new Numbers(), values: [] as string[] };
  readonly failure = { at: new Numbers(), errorType: new Numbers(), message: new Numbers(), lastTool: new Numbers() };
  readonly warned = { at: new Numbers(), start: new Numbers(), text: new Numbers() };
  readonly measured = { at: new Numbers(), mask: new Numbers() };
  readonly measureValues = MEASURE_KEYS.map(() => new Numbers());
  readonly scores = { at: new Numbers(), values: new Numbers() };

  /** For a run of `rollouts` rollouts, its strings interned in `strings`. */
  constructor(
    readonly strings: Strings,
    rollouts: number,
  ) {
    this.rolloutTask = new Int32Array(rollouts);
    this.rolloutSequence = new Int32Array(rollouts);
    this.rolloutStatus = new Uint8Array(rollouts);
    this.rolloutRule = new Uint8Array(rollouts);
    this.reportedPassed = new Uint8Array(rollouts);
    this.reportedReward = new Float64Array(rollouts);
    this.hasReportedReward = new Uint8Array(rollouts);
    this.sequenceStart.push(0);
    this.warned.start.push(0);
  }

  /** A task row, as runTasks numbers them: declared ones first, then each undeclared key as a rollout names it. */
  addTask(key: string, id: string, name: string | null, group: string | null, weight: number): void {
    const { strings, task } = this;
    if (!this.taskRow.has(key)) this.taskRow.set(key, task.key.length);
    task.key.push(strings.of(key));
    task.id.push(strings.of(id));
    task.name.push(strings.orNull(name));
    task.group.push(strings.orNull(group));
    this.taskWeight.push(weight);
  }

  /** The run's columns: `checks` are per check in run order, `tagStrings` the failure tags' strings by tag id. */
  finish(
    head: RunHead,
    ids: readonly string[],
    checks: { code: Uint8Array; tag: NumberColumn; tagStrings: readonly number[] },
  ): RunColumns {
    const { strings, task, template, penalties, gate, reason, source, failure, warned, measured, scores } = this;
    const regrades = head.regrades;
    const columns: Omit<RunColumns, "checkStart"> = {
      name: head.name,
      format: head.format,
      passThreshold: head.passThreshold,
      strings: strings.list,
      declaredTasks: head.declaredTasks,
      taskKey: task.key.int32(),
      taskId: task.id.int32(),
      taskName: task.name.int32(),
      taskGroup: task.group.int32(),
      taskWeight: narrowest(this.taskWeight.view()),
      templateKey: template.key.int32(),
      templateLabel: template.label.int32(),
      templateDimension: template.dimension.int32(),
      templateRequired: Uint8Array.from(template.required.view()),
      templateWeight: narrowest(this.templateWeight.view()),
      templateHasWeight: Uint8Array.from(this.templateHasWeight.view()),
      sequenceStart: this.sequenceStart.int32(),
      sequenceTemplate: this.sequenceTemplate.int32(),
      rolloutId: stringColumn(ids),
      rolloutTask: narrowest(this.rolloutTask),
      rolloutSequence: narrowest(this.rolloutSequence),
      rolloutStatus: this.rolloutStatus,
      rolloutRule: this.rolloutRule,
      reportedPassed: this.reportedPassed,
      reportedReward: narrowest(this.reportedReward),
      hasReportedReward: this.hasReportedReward,
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
      measureValues: this.measureValues.map((v) => narrowest(v.view())),
      checkCode: checks.code,
      scores: { at: scores.at.int32(), values: Float64Array.from(scores.values.view()) },
      checkTag: checks.tag,
      tagStrings: Int32Array.from(checks.tagStrings),
      warnings: head.warnings === undefined ? null : Int32Array.from(head.warnings, (w) => strings.of(w)),
      regrades:
        regrades === undefined
          ? null
          : {
              rollout: Int32Array.from(regrades, (g) => strings.of(g.rollout)),
              originalReward: narrowest(regrades.map((g) => g.originalReward ?? 0)),
              hasOriginalReward: Uint8Array.from(regrades, (g) => (g.originalReward === null ? 0 : 1)),
              newReward: narrowest(regrades.map((g) => g.newReward ?? 0)),
              hasNewReward: Uint8Array.from(regrades, (g) => (g.newReward === null ? 0 : 1)),
              change: Int32Array.from(regrades, (g) => strings.of(g.change)),
            },
    };
    return withCheckStarts(columns);
  }
}
