import { UNSCORED, type RunColumns } from "../../columns/run-columns";
import { sparseIndex, tasksOf } from "../../columns/run-of-columns";
import { metricsOf } from "../../core/dimensions";
import type { CheckIdentity } from "../../core/run-index";
import { taskResolver } from "../../core/run-tasks";
import { NO_GROUP } from "../../core/schemes";
import type { ScoringTask } from "../../core/types";

/**
 * What scoring needs to know about a run's columns that no scenario changes, computed once per run version
 * (modelOf keeps it with the columns): the tasks as objects and their groups, the metrics and each template's,
 * check keys and labels as ids, each task's rollouts, and where each task's failures can land (the check
 * identities and tags its checks have). A scenario changes verdicts, required flags and weights, never which
 * checks a rollout has, so all of this holds under every scenario.
 */
export class ColumnModel {
  readonly tasks: ScoringTask[];
  /** Task key → its first row (a repeated declared key names the first). */
  readonly taskRow: ReadonlyMap<string, number>;
  /** Group names (NO_GROUP for tasks without one), in order of first appearance; taskGroup: per task. */
  readonly groups: string[];
  readonly taskGroup: Int32Array;
  /** Core metrics, then the custom dimensions sorted (metricNames). */
  readonly metrics: string[];
  readonly width: number;
  readonly completion: number;
  readonly reward: number;
  readonly authority: number;
  /** Per template: its metric (the column of its dimension). */
  readonly templateColumn: Int32Array;
  /** Check keys and labels as ids (a scenario names a check by either). */
  readonly names: ReadonlyMap<string, number>;
  readonly templateKeyName: Int32Array;
  readonly templateLabelName: Int32Array;
  /** Per template: its (dimension, key, label), the failures table's row. */
  readonly templateIdentity: Int32Array;
  readonly identities: CheckIdentity[];
  /** Task t's rollouts are taskRollouts[taskStart[t] .. taskStart[t + 1]), in run order. */
  readonly taskStart: Int32Array;
  readonly taskRollouts: Int32Array;
  /** Per rollout: where its checks' own scores start in `columns.scores`. */
  readonly scoreStart: Int32Array;
  /** Per rollout: the name id of its gate, −1 when it has none (−2: a gate no check is keyed as). */
  readonly gateName: Int32Array;
  /** Task t's identities are slotIdentity[slotStart[t] .. slotStart[t + 1]); per identity its slots, in task order. */
  readonly slotStart: Int32Array;
  readonly slotIdentity: Int32Array;
  readonly identitySlotStart: Int32Array;
  readonly identitySlots: Int32Array;
  readonly slotTask: Int32Array;
  /** The same for failure tags (indexes into columns.tagStrings). */
  readonly tagSlotStart: Int32Array;
  readonly tagSlotTag: Int32Array;
  readonly tagSlotTask: Int32Array;
  readonly tagSlotsStart: Int32Array;
  readonly tagSlots: Int32Array;
  /** Per position of the sequences (aligned with columns.sequenceTemplate): its template's metric, required, identity. */
  readonly positionColumn: Int32Array;
  readonly positionRequired: Uint8Array;
  readonly positionIdentity: Int32Array;
  /** Tasks in order of their first rollout; `blocks`: each task's rollouts are consecutive in the run. */
  readonly taskOrder: Int32Array;
  readonly blocks: boolean;
  /** Templates some rollout of the grade rule has (the ones a grade component weight can reach). */
  readonly gradeTemplates: Uint8Array;
  /** Tasks with a scored rollout, and scored rollouts (a scenario never changes which rollouts are scored). */
  readonly scoredTasks: number;
  readonly scoredRollouts: number;

  constructor(readonly columns: RunColumns) {
    const c = columns;
    const s = c.strings;
    const n = c.rolloutTask.length;
    this.tasks = tasksOf(c);
    const T = this.tasks.length;
    const taskRow = new Map<string, number>();
    this.tasks.forEach((t, i) => taskRow.has(t.key) || taskRow.set(t.key, i));
    this.taskRow = taskRow;
    const groupIds = new Map<string, number>();
    this.groups = [];
    this.taskGroup = new Int32Array(T);
    this.tasks.forEach((t, i) => {
      const g = t.group ?? NO_GROUP;
      let id = groupIds.get(g);
      if (id === undefined) {
        groupIds.set(g, (id = this.groups.length));
        this.groups.push(g);
      }
      this.taskGroup[i] = id;
    });

    const templates = c.templateKey.length;
    const dimensions = [...new Set(Array.from(c.templateDimension, (d) => s[d]!))];
    this.metrics = metricsOf(dimensions);
    this.width = this.metrics.length;
    this.completion = this.metrics.indexOf("completion");
    this.reward = this.metrics.indexOf("reward");
    this.authority = this.metrics.indexOf("authority");
    this.templateColumn = Int32Array.from(c.templateDimension, (d) => this.metrics.indexOf(s[d]!));
    const names = new Map<string, number>();
    const nameOf = (text: string) => {
      let id = names.get(text);
      if (id === undefined) names.set(text, (id = names.size));
      return id;
    };
    this.templateKeyName = Int32Array.from(c.templateKey, (k) => nameOf(s[k]!));
    this.templateLabelName = Int32Array.from(c.templateLabel, (l) => nameOf(s[l]!));
    this.names = names;
    const identityIds = new Map<string, number>();
    this.identities = [];
    this.templateIdentity = new Int32Array(templates);
    for (let t = 0; t < templates; t++) {
      const dimension = s[c.templateDimension[t]!]!;
      const key = s[c.templateKey[t]!]!;
      const label = s[c.templateLabel[t]!]!;
      const id = `${c.templateDimension[t]},${c.templateKey[t]},${c.templateLabel[t]}`;
      let identity = identityIds.get(id);
      if (identity === undefined) {
        identityIds.set(id, (identity = this.identities.length));
        this.identities.push({ dimension, key, label });
      }
      this.templateIdentity[t] = identity;
    }

    // Each task's rollouts, in run order.
    this.taskStart = new Int32Array(T + 1);
    for (let r = 0; r < n; r++) this.taskStart[c.rolloutTask[r]! + 1]! += 1;
    for (let t = 0; t < T; t++) this.taskStart[t + 1]! += this.taskStart[t]!;
    this.taskRollouts = new Int32Array(n);
    const fill = this.taskStart.slice(0, T);
    for (let r = 0; r < n; r++) this.taskRollouts[fill[c.rolloutTask[r]!]!++] = r;
    let scoredTasks = 0;
    for (let t = 0; t < T; t++) {
      for (let k = this.taskStart[t]!; k < this.taskStart[t + 1]!; k++) {
        if (c.rolloutStatus[this.taskRollouts[k]!] !== UNSCORED) {
          scoredTasks += 1;
          break;
        }
      }
    }
    this.scoredTasks = scoredTasks;
    let scoredRollouts = 0;
    for (let r = 0; r < n; r++) if (c.rolloutStatus[r] !== UNSCORED) scoredRollouts += 1;
    this.scoredRollouts = scoredRollouts;

    // Own scores are listed by check in run order: walk them beside the rollouts' first checks.
    this.scoreStart = new Int32Array(n + 1);
    const scoreAt = c.scores.at;
    for (let r = 0, k = 0; r <= n; r++) {
      const first = c.checkStart[r]!;
      while (k < scoreAt.length && scoreAt[k]! < first) k++;
      this.scoreStart[r] = k;
    }

    this.gateName = new Int32Array(n).fill(-1);
    for (let k = 0; k < c.gate.at.length; k++) this.gateName[c.gate.at[k]!] = names.get(s[c.gate.values[k]!]!) ?? -2;

    // Where each task's failures can land: the identities and tags of the checks of its rollouts.
    this.gradeTemplates = new Uint8Array(templates);
    const slots = new IntList();
    const tagSlots = new IntList();
    this.slotStart = new Int32Array(T + 1);
    this.tagSlotStart = new Int32Array(T + 1);
    const seenIdentity = new Int32Array(this.identities.length).fill(-1);
    const seenTag = new Int32Array(c.tagStrings.length).fill(-1);
    const seenSequence = new Int32Array(c.sequenceStart.length).fill(-1);
    const tagged = c.tagStrings.length > 0;
    const { checkStart, checkTag } = c;
    for (let t = 0; t < T; t++) {
      for (let k = this.taskStart[t]!; k < this.taskStart[t + 1]!; k++) {
        const r = this.taskRollouts[k]!;
        const seq = c.rolloutSequence[r]!;
        if (c.rolloutRule[r] === 2)
          for (let j = c.sequenceStart[seq]!; j < c.sequenceStart[seq + 1]!; j++)
            this.gradeTemplates[c.sequenceTemplate[j]!] = 1;
        if (seenSequence[seq] !== t) {
          seenSequence[seq] = t;
          for (let j = c.sequenceStart[seq]!; j < c.sequenceStart[seq + 1]!; j++) {
            const identity = this.templateIdentity[c.sequenceTemplate[j]!]!;
            if (seenIdentity[identity] !== t) {
              seenIdentity[identity] = t;
              slots.push(identity);
            }
          }
        }
        if (!tagged) continue;
        for (let i = checkStart[r]!, end = checkStart[r + 1]!; i < end; i++) {
          const tag = checkTag[i]! - 1;
          if (tag >= 0 && seenTag[tag] !== t) {
            seenTag[tag] = t;
            tagSlots.push(tag);
          }
        }
      }
      this.slotStart[t + 1] = slots.length;
      this.tagSlotStart[t + 1] = tagSlots.length;
    }
    this.slotIdentity = slots.done();
    this.tagSlotTag = tagSlots.done();
    this.slotTask = ownerOf(this.slotStart);
    this.tagSlotTask = ownerOf(this.tagSlotStart);
    [this.identitySlotStart, this.identitySlots] = byValue(this.slotIdentity, this.identities.length);
    [this.tagSlotsStart, this.tagSlots] = byValue(this.tagSlotTag, c.tagStrings.length);

    // Per position of each sequence, what its template says (one load per check instead of two).
    const positions = c.sequenceTemplate.length;
    this.positionColumn = new Int32Array(positions);
    this.positionRequired = new Uint8Array(positions);
    this.positionIdentity = new Int32Array(positions);
    for (let p = 0; p < positions; p++) {
      const tmpl = c.sequenceTemplate[p]!;
      this.positionColumn[p] = this.templateColumn[tmpl]!;
      this.positionRequired[p] = c.templateRequired[tmpl]!;
      this.positionIdentity[p] = this.templateIdentity[tmpl]!;
    }

    const firstRollout = new Float64Array(T);
    let sorted = true;
    for (let t = 0; t < T; t++) {
      firstRollout[t] = this.taskStart[t + 1]! > this.taskStart[t]! ? this.taskRollouts[this.taskStart[t]!]! : n + t;
      if (t > 0 && firstRollout[t]! < firstRollout[t - 1]!) sorted = false;
    }
    const order = new Int32Array(T);
    for (let t = 0; t < T; t++) order[t] = t;
    this.taskOrder = sorted ? order : order.sort((a, b) => firstRollout[a]! - firstRollout[b]!);
    let blocks = true;
    for (let t = 0; t < T && blocks; t++) {
      const from = this.taskStart[t]!;
      const to = this.taskStart[t + 1]!;
      if (to > from && this.taskRollouts[to - 1]! - this.taskRollouts[from]! !== to - from - 1) blocks = false;
    }
    this.blocks = blocks;
  }

  #ids: readonly string[] | undefined;
  /** Rollout ids, decoded on first use. */
  get ids(): readonly string[] {
    return (this.#ids ??= this.columns.rolloutId.all());
  }

  #resolve: ((ref: string) => ScoringTask[]) | undefined;
  /** Resolves a task reference as users write it, a key or a bare taskId (taskResolver, run-tasks.ts). */
  get resolve(): (ref: string) => ScoringTask[] {
    return (this.#resolve ??= taskResolver(this.tasks));
  }

  #weights: number[] | undefined;
  /** The tasks' declared weights (what a scenario without weights leaves them), one array kept. */
  get weights(): readonly number[] {
    return (this.#weights ??= this.tasks.map((t) => t.weight));
  }

  #measured: Int32Array | undefined;
  /** Per rollout, its entry in `columns.measured` or −1. */
  get measuredIndex(): Int32Array {
    return (this.#measured ??= sparseIndex(this.columns.measured.at, this.columns.rolloutTask.length));
  }
}

/** A growing list of integers, handed out as an Int32Array. */
class IntList {
  private values = new Int32Array(1024);
  length = 0;

  push(x: number): void {
    if (this.length === this.values.length) {
      const grown = new Int32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = x;
  }

  done(): Int32Array {
    return this.values.slice(0, this.length);
  }
}

/** For lists laid out by `start` (list t is [start[t], start[t + 1])), the list each entry is in. */
function ownerOf(start: Int32Array): Int32Array {
  const out = new Int32Array(start[start.length - 1]!);
  for (let t = 0; t + 1 < start.length; t++) out.fill(t, start[t], start[t + 1]);
  return out;
}

/** The positions of `values` grouped by value (0 … count − 1), ascending within each: [start, positions]. */
function byValue(values: Int32Array, count: number): [Int32Array, Int32Array] {
  const start = new Int32Array(count + 1);
  for (const v of values) start[v + 1]! += 1;
  for (let i = 0; i < count; i++) start[i + 1]! += start[i]!;
  const positions = new Int32Array(values.length);
  const next = start.slice(0, count);
  for (let k = 0; k < values.length; k++) positions[next[values[k]!]!++] = k;
  return [start, positions];
}

const models = new WeakMap<RunColumns, ColumnModel>();

/** The model of a run's columns, built once per columns object (they are read-only) and kept with them. */
export function modelOf(columns: RunColumns): ColumnModel {
  let model = models.get(columns);
  if (!model) models.set(columns, (model = new ColumnModel(columns)));
  return model;
}
