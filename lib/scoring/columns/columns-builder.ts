import { MEASURE_KEYS } from "../core/measures";
import type { ScoringCheck, ScoringRollout, ScoringRun } from "../core/types";
import { narrowest } from "./column-kinds";
import { ColumnParts, Strings } from "./column-parts";
import { code, passedCode, scoreState, statusCode } from "./columns-of";
import { growF64, growI32, growU8, GrowableIndex } from "./growable";
import { ROLLOUT_STATUS, SCORE_OWN, VERDICT_RULES, checkCode, codeScore, type RunColumns } from "./run-columns";

/** What a run is besides its rollouts: known once the last rollout is added (tasks merge as rollouts come). */
export type RunHeader = Omit<ScoringRun, "rollouts">;

/** Ascending positions with a value, appended in order. */
const sparse = () => ({ at: growI32(), values: growF64() });
const sparseIds = () => ({ at: growI32(), values: growI32() });

/**
 * A run's columns built one rollout at a time (an ingest adds each group of rollouts as it is stored and lets
 * the rollouts go), holding the columns' worth of memory rather than the rollouts'.
 *
 * Contract: finish(header) deep-equals columnsOf({ ...header, rollouts }) of the rollouts added, in the order
 * added; finish(header, order) that of the rollouts in `order` (indexes into the rollouts added, each once).
 * Strings, check definitions and sequences are numbered here as they come and numbered again in the order
 * columnsOf meets them when the columns are finished, so the order rollouts arrive in does not matter.
 */
export class ColumnsBuilder {
  readonly #strings = new Strings();
  readonly #ids: string[] = [];
  readonly #task = growI32();
  readonly #status = growU8();
  readonly #rule = growU8();
  readonly #reportedPassed = growU8();
  readonly #reward = growF64();
  readonly #hasReward = growU8();
  readonly #penalties = sparse();
  readonly #gate = sparseIds();
  readonly #reason = sparseIds();
  readonly #source = { at: growI32(), values: [] as string[] };
  /** A failed rollout's recorded error type, message and last tool: string ids, −1 for none. */
  readonly #failure = { at: growI32(), errorType: growI32(), message: growI32(), lastTool: growI32() };
  readonly #warned = { at: growI32(), start: growI32(), text: growI32() };
  readonly #measured = { at: growI32(), mask: growI32() };
  readonly #measureValues = MEASURE_KEYS.map(() => growF64());
  readonly #sequence = growI32();

  // Per check, in the order added.
  readonly #code = growU8();
  /** 0: no failure tag, else 1 + the tag's index in #tags. */
  readonly #tag = new GrowableIndex();
  readonly #scores = sparse();
  readonly #tags: number[] = [];
  readonly #tagIds = new Map<number, number>();

  // Check definitions (templates) and sequences of them, numbered as they come.
  readonly #templates: ScoringCheck[] = [];
  readonly #templateIds = new Map<string, number>();
  readonly #sequenceStart: number[] = [0];
  readonly #sequenceTemplate: number[] = [];
  readonly #sequenceIds = new Map<string, number>();
  #previous: number[] = [];
  #previousId = -1;

  /** Rollouts added. */
  get length(): number {
    return this.#ids.length;
  }

  /** The id of the i-th rollout added. */
  id(i: number): string {
    return this.#ids[i]!;
  }

  add(rollout: ScoringRollout): void {
    const strings = this.#strings;
    const r = this.#ids.length;
    const sequence: number[] = [];
    for (const c of rollout.checks) {
      const state = scoreState(c);
      if (state === SCORE_OWN) {
        this.#scores.at.push(this.#code.length);
        this.#scores.values.push(c.score!);
      }
      this.#code.push(checkCode(passedCode(c.passed), statusCode(c.status), state));
      this.#tag.push(c.failureTag === null ? 0 : this.#tagOf(strings.of(c.failureTag)) + 1);
      const same = this.#previous[sequence.length];
      sequence.push(same !== undefined && sameDefinition(this.#templates[same]!, c) ? same : this.#templateOf(c));
    }
    this.#sequence.push(this.#sequenceOf(sequence));
    this.#ids.push(rollout.id);
    this.#task.push(strings.of(rollout.task));
    this.#status.push(code(ROLLOUT_STATUS, rollout.status, "rollout status"));
    this.#rule.push(code(VERDICT_RULES, rollout.rule, "verdict rule"));
    this.#reportedPassed.push(passedCode(rollout.reportedPassed));
    this.#reward.push(rollout.reportedReward ?? 0);
    this.#hasReward.push(rollout.reportedReward === null ? 0 : 1);
    if (!Object.is(rollout.penalties, 0)) {
      this.#penalties.at.push(r);
      this.#penalties.values.push(rollout.penalties);
    }
    if (rollout.gate !== null) {
      this.#gate.at.push(r);
      this.#gate.values.push(strings.of(rollout.gate));
    }
    if (rollout.unscoredReason !== undefined) {
      this.#reason.at.push(r);
      this.#reason.values.push(strings.of(rollout.unscoredReason));
    }
    if (rollout.source !== undefined) {
      this.#source.at.push(r);
      this.#source.values.push(rollout.source);
    }
    if (rollout.failure !== undefined) {
      this.#failure.at.push(r);
      this.#failure.errorType.push(strings.orNull(rollout.failure.errorType));
      this.#failure.message.push(strings.orNull(rollout.failure.message));
      this.#failure.lastTool.push(strings.orNull(rollout.failure.lastTool));
    }
    if (rollout.warnings !== undefined) {
      this.#warned.at.push(r);
      this.#warned.start.push(this.#warned.text.length);
      for (const w of rollout.warnings) this.#warned.text.push(strings.of(w));
    }
    const m = rollout.measures;
    if (m !== undefined) {
      let mask = 0;
      MEASURE_KEYS.forEach((key, k) => {
        const v = m[key];
        if (typeof v !== "number") return;
        mask |= 1 << k;
        this.#measureValues[k]!.push(v);
      });
      this.#measured.at.push(r);
      this.#measured.mask.push(mask);
    }
  }

  #tagOf(id: number): number {
    let tag = this.#tagIds.get(id);
    if (tag === undefined) {
      this.#tagIds.set(id, (tag = this.#tags.length));
      this.#tags.push(id);
    }
    return tag;
  }

  #templateOf(c: ScoringCheck): number {
    const strings = this.#strings;
    const id = definitionKey(strings.of(c.key), strings.of(c.label), strings.of(c.dimension), c);
    let t = this.#templateIds.get(id);
    if (t === undefined) {
      this.#templateIds.set(id, (t = this.#templates.length));
      this.#templates.push(c);
    }
    return t;
  }

  #sequenceOf(sequence: number[]): number {
    const previous = this.#previous;
    if (this.#previousId >= 0 && sequence.length === previous.length && sequence.every((t, j) => t === previous[j]))
      return this.#previousId;
    const id = sequence.join(",");
    let s = this.#sequenceIds.get(id);
    if (s === undefined) {
      this.#sequenceIds.set(id, (s = this.#sequenceIds.size));
      for (const t of sequence) this.#sequenceTemplate.push(t);
      this.#sequenceStart.push(this.#sequenceTemplate.length);
    }
    this.#previous = sequence;
    this.#previousId = s;
    return s;
  }

  /** The run's columns: its rollouts in the order added, or in `order` (each rollout once). */
  finish(header: RunHeader, order?: ArrayLike<number>): RunColumns {
    const n = this.#ids.length;
    const rolloutOrder = order ?? identity(n);
    if (rolloutOrder.length !== n) throw new Error(`An order of ${rolloutOrder.length} rollouts for ${n} added`);
    return new Finish(this.#parts(), header, rolloutOrder).columns();
  }

  #parts(): Parts {
    return {
      strings: this.#strings.list,
      ids: this.#ids,
      task: this.#task.view(),
      status: this.#status.view(),
      rule: this.#rule.view(),
      reportedPassed: this.#reportedPassed.view(),
      reward: this.#reward.view(),
      hasReward: this.#hasReward.view(),
      penalties: { at: this.#penalties.at.view(), values: this.#penalties.values.view() },
      gate: { at: this.#gate.at.view(), values: this.#gate.values.view() },
      reason: { at: this.#reason.at.view(), values: this.#reason.values.view() },
      source: { at: this.#source.at.view(), values: this.#source.values },
      failure: {
        at: this.#failure.at.view(),
        errorType: this.#failure.errorType.view(),
        message: this.#failure.message.view(),
        lastTool: this.#failure.lastTool.view(),
      },
      warned: { at: this.#warned.at.view(), start: this.#warned.start.view(), text: this.#warned.text.view() },
      measured: { at: this.#measured.at.view(), mask: this.#measured.mask.view() },
      measureValues: this.#measureValues.map((v) => v.view()),
      sequence: this.#sequence.view(),
      code: this.#code.view(),
      tag: (i) => this.#tag.at(i),
      scores: { at: this.#scores.at.view(), values: this.#scores.values.view() },
      tags: this.#tags,
      templates: this.#templates,
      templateStrings: (t) => {
        const c = this.#templates[t]!;
        return [c.key, c.label, c.dimension];
      },
      sequenceStart: this.#sequenceStart,
      sequenceTemplate: this.#sequenceTemplate,
    };
  }
}

function sameDefinition(d: ScoringCheck, c: ScoringCheck): boolean {
  return (
    d.key === c.key &&
    d.label === c.label &&
    d.dimension === c.dimension &&
    d.required === c.required &&
    Object.is(d.weight, c.weight)
  );
}

/** A check definition's identity, as columnsOf names it (string ids, required, the weight told apart from −0). */
function definitionKey(key: number, label: number, dimension: number, c: ScoringCheck): string {
  const weight = c.weight === null ? "n" : Object.is(c.weight, -0) ? "-0" : String(c.weight);
  return `${key},${label},${dimension},${c.required ? 1 : 0},${weight}`;
}

function identity(n: number): Int32Array {
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) out[i] = i;
  return out;
}

/** Per rollout, the index of its entry in a sparse column (ascending positions), or −1. */
function indexOf(at: Int32Array, n: number): Int32Array {
  const out = new Int32Array(n).fill(-1);
  for (let k = 0; k < at.length; k++) out[at[k]!] = k;
  return out;
}

/** The builder's columns as added: strings, definitions and sequences numbered as they came. */
interface Parts {
  strings: readonly string[];
  ids: readonly string[];
  task: Int32Array;
  status: Uint8Array;
  rule: Uint8Array;
  reportedPassed: Uint8Array;
  reward: Float64Array;
  hasReward: Uint8Array;
  penalties: { at: Int32Array; values: Float64Array };
  gate: { at: Int32Array; values: Int32Array };
  reason: { at: Int32Array; values: Int32Array };
  source: { at: Int32Array; values: readonly string[] };
  failure: { at: Int32Array; errorType: Int32Array; message: Int32Array; lastTool: Int32Array };
  warned: { at: Int32Array; start: Int32Array; text: Int32Array };
  measured: { at: Int32Array; mask: Int32Array };
  measureValues: Float64Array[];
  sequence: Int32Array;
  code: Uint8Array;
  tag: (check: number) => number;
  scores: { at: Int32Array; values: Float64Array };
  tags: readonly number[];
  templates: readonly ScoringCheck[];
  templateStrings: (t: number) => [string, string, string];
  sequenceStart: readonly number[];
  sequenceTemplate: readonly number[];
}

/** One finish: the parts walked in the output order, numbering strings and definitions as columnsOf does. */
class Finish {
  private readonly strings = new Strings();

  constructor(
    private readonly p: Parts,
    private readonly header: RunHeader,
    private readonly order: ArrayLike<number>,
  ) {}

  columns(): RunColumns {
    const { p, header, order, strings } = this;
    const n = order.length;
    const text = (id: number) => p.strings[id]!;

    // Tasks as columnsOf numbers them: the declared ones, then each undeclared key in rollout order.
    const parts = new ColumnParts(strings, n);
    const { taskRow, template, templateWeight, templateHasWeight, sequenceStart, sequenceTemplate } = parts;
    const addTask = parts.addTask.bind(parts);
    for (const t of header.tasks) addTask(t.key, t.taskId, t.name, t.group, t.weight);
    for (let k = 0; k < n; k++) {
      const key = text(p.task[order[k]!]!);
      if (!taskRow.has(key)) addTask(key, key, null, null, 1);
    }

    // Where each rollout's checks and own scores start, in the order added.
    const added = p.sequence.length;
    const checkFrom = new Int32Array(added + 1);
    const scoreFrom = new Int32Array(added + 1);
    for (let r = 0, at = 0, s = 0; r < added; r++) {
      checkFrom[r] = at;
      scoreFrom[r] = s;
      const seq = p.sequence[r]!;
      const to = at + p.sequenceStart[seq + 1]! - p.sequenceStart[seq]!;
      while (s < p.scores.at.length && p.scores.at[s]! < to) s++;
      at = to;
      checkFrom[r + 1] = at;
      scoreFrom[r + 1] = s;
    }

    const templateMap = new Int32Array(p.templates.length).fill(-1);
    const sequenceMap = new Int32Array(p.sequenceStart.length - 1).fill(-1);
    const tagMap = new Int32Array(p.tags.length).fill(-1);
    const tagStrings: number[] = [];

    const gateAt = indexOf(p.gate.at, added);
    const penaltyAt = indexOf(p.penalties.at, added);
    const reasonAt = indexOf(p.reason.at, added);
    const sourceAt = indexOf(p.source.at, added);
    const failureAt = indexOf(p.failure.at, added);
    const warnedAt = indexOf(p.warned.at, added);
    const measuredAt = indexOf(p.measured.at, added);
    const measureFrom = MEASURE_KEYS.map(() => new Int32Array(p.measured.at.length));
    for (let k = 0, seen = MEASURE_KEYS.map(() => 0); k < p.measured.at.length; k++)
      MEASURE_KEYS.forEach((_, m) => {
        measureFrom[m]![k] = seen[m]!;
        if ((p.measured.mask[k]! & (1 << m)) !== 0) seen[m]!++;
      });

    const checks = checkFrom[added]!;
    const checkCodes = new Uint8Array(checks);
    const checkTag =
      p.tags.length < 0xff
        ? new Uint8Array(checks)
        : p.tags.length < 0xffff
          ? new Uint16Array(checks)
          : new Int32Array(checks);
    const ids = new Array<string>(n);
    const { scores, rolloutTask, rolloutSequence, rolloutStatus, rolloutRule, reportedPassed } = parts;
    const { reportedReward, hasReportedReward, penalties, gate, reason, source, failure, warned } = parts;
    const { measured, measureValues } = parts;
    const textOrNull = (id: number) => (id < 0 ? null : text(id));

    let out = 0;
    for (let k = 0; k < n; k++) {
      const r = order[k]!;
      const seq = p.sequence[r]!;
      const from = p.sequenceStart[seq]!;
      let own = scoreFrom[r]!;
      for (let i = checkFrom[r]!, j = 0; i < checkFrom[r + 1]!; i++, j++) {
        const c = p.code[i]!;
        if (codeScore(c) === SCORE_OWN) {
          scores.at.push(out);
          scores.values.push(p.scores.values[own++]!);
        }
        checkCodes[out] = c;
        const tag = p.tag(i);
        if (tag > 0) {
          if (tagMap[tag - 1]! < 0) {
            tagMap[tag - 1] = tagStrings.length;
            tagStrings.push(strings.of(text(p.tags[tag - 1]!)));
          }
          checkTag[out] = tagMap[tag - 1]! + 1;
        }
        const t = p.sequenceTemplate[from + j]!;
        if (templateMap[t]! < 0) {
          templateMap[t] = template.key.length;
          const [key, label, dimension] = p.templateStrings(t);
          const d = p.templates[t]!;
          template.key.push(strings.of(key));
          template.label.push(strings.of(label));
          template.dimension.push(strings.of(dimension));
          template.required.push(d.required ? 1 : 0);
          templateWeight.push(d.weight ?? 0);
          templateHasWeight.push(d.weight === null ? 0 : 1);
        }
        out++;
      }
      if (sequenceMap[seq]! < 0) {
        sequenceMap[seq] = sequenceStart.length - 1;
        for (let i = from; i < p.sequenceStart[seq + 1]!; i++)
          sequenceTemplate.push(templateMap[p.sequenceTemplate[i]!]!);
        sequenceStart.push(sequenceTemplate.length);
      }
      ids[k] = p.ids[r]!;
      rolloutSequence[k] = sequenceMap[seq]!;
      rolloutTask[k] = taskRow.get(text(p.task[r]!))!;
      rolloutStatus[k] = p.status[r]!;
      rolloutRule[k] = p.rule[r]!;
      reportedPassed[k] = p.reportedPassed[r]!;
      reportedReward[k] = p.reward[r]!;
      hasReportedReward[k] = p.hasReward[r]!;
      if (penaltyAt[r]! >= 0) {
        penalties.at.push(k);
        penalties.values.push(p.penalties.values[penaltyAt[r]!]!);
      }
      if (gateAt[r]! >= 0) {
        gate.at.push(k);
        gate.values.push(strings.of(text(p.gate.values[gateAt[r]!]!)));
      }
      if (reasonAt[r]! >= 0) {
        reason.at.push(k);
        reason.values.push(strings.of(text(p.reason.values[reasonAt[r]!]!)));
      }
      if (sourceAt[r]! >= 0) {
        source.at.push(k);
        source.values.push(p.source.values[sourceAt[r]!]!);
      }
      const f = failureAt[r]!;
      if (f >= 0) {
        failure.at.push(k);
        failure.errorType.push(strings.orNull(textOrNull(p.failure.errorType[f]!)));
        failure.message.push(strings.orNull(textOrNull(p.failure.message[f]!)));
        failure.lastTool.push(strings.orNull(textOrNull(p.failure.lastTool[f]!)));
      }
      const w = warnedAt[r]!;
      if (w >= 0) {
        warned.at.push(k);
        const end = w + 1 < p.warned.at.length ? p.warned.start[w + 1]! : p.warned.text.length;
        for (let i = p.warned.start[w]!; i < end; i++) warned.text.push(strings.of(text(p.warned.text[i]!)));
        warned.start.push(warned.text.length);
      }
      const m = measuredAt[r]!;
      if (m >= 0) {
        const mask = p.measured.mask[m]!;
        MEASURE_KEYS.forEach((_, key) => {
          if ((mask & (1 << key)) !== 0) measureValues[key]!.push(p.measureValues[key]![measureFrom[key]![m]!]!);
        });
        measured.at.push(k);
        measured.mask.push(mask);
      }
    }

    return parts.finish({ ...header, declaredTasks: header.tasks.length }, ids, {
      code: checkCodes,
      tag: narrowest(checkTag),
      tagStrings,
    });
  }
}
