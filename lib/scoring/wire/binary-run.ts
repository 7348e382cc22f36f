import type { ScoringRun } from "../core/types";
import { decodeRun, encodeRun, type CompactRun, type Sparse } from "./compact-run";

/*
 * A ScoringRun as compact binary columns, for the trip from server to browser (GET /api/runs/:id/run.bin,
 * decoded in the run page's Web Worker). The columns are those of the compact run (compact-run.ts: per rollout
 * a task index, per check one small code holding its verdict, status and failure tag, scores only where they
 * differ from the verdict's, the reward, measures; every string once), each stored as the narrowest typed array
 * that holds its values exactly (Uint8 up to Float64), aligned so the reader takes a view instead of a copy.
 *
 * Layout: "TLRB", a layout byte, then the fields of CompactRun in a fixed order (writeCompact). Counts are
 * LEB128. A number column: count, element kind, padding to the element size, the elements. A string list:
 * count, a number column of UTF-16 lengths, then the concatenated text as UTF-8 (or as UTF-16 code units when
 * some string holds a lone surrogate, which UTF-8 cannot carry).
 * Contract: decodeBinaryRun(encodeBinaryRun(run)) deep-equals run, −0 and lone surrogates included.
 */

const MAGIC = [0x54, 0x4c, 0x52, 0x42]; // "TLRB"
/** Layout version: a browser holding a cached response must not misread a newer layout. */
export const BINARY_RUN_LAYOUT = 1;
export const BINARY_RUN_MEDIA_TYPE = "application/vnd.tally.run+binary";

const KINDS = [Uint8Array, Int8Array, Uint16Array, Int16Array, Uint32Array, Int32Array, Float64Array] as const;
type NumberColumn = InstanceType<(typeof KINDS)[number]>;
const F64 = 6;

/** The narrowest kind that holds every value exactly (−0 and fractions need Float64). */
function kindOf(values: ArrayLike<number>): number {
  let min = 0;
  let max = 0;
  for (let i = 0; i < values.length; i++) {
    const x = values[i]!;
    if (!Number.isInteger(x) || Object.is(x, -0)) return F64;
    if (x < min) min = x;
    if (x > max) max = x;
  }
  if (min >= 0) return max <= 0xff ? 0 : max <= 0xffff ? 2 : max <= 0xffffffff ? 4 : F64;
  if (min >= -0x80 && max <= 0x7f) return 1;
  if (min >= -0x8000 && max <= 0x7fff) return 3;
  return min >= -0x80000000 && max <= 0x7fffffff ? 5 : F64;
}

const WELL_FORMED = /[\ud800-\udfff]/u;
const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

class Writer {
  private bytes = new Uint8Array(1 << 16);
  private at = 0;

  private room(n: number) {
    if (this.at + n <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < this.at + n) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.bytes.subarray(0, this.at));
    this.bytes = grown;
  }

  byte(b: number) {
    this.room(1);
    this.bytes[this.at++] = b;
  }

  count(n: number) {
    if (!Number.isSafeInteger(n) || n < 0) throw new Error(`Not a count: ${n}`);
    do {
      const low = n % 128;
      n = Math.floor(n / 128);
      this.byte(n > 0 ? low | 128 : low);
    } while (n > 0);
  }

  private raw(column: ArrayBufferView, size: number) {
    this.room(size + column.byteLength);
    while (this.at % size !== 0) this.bytes[this.at++] = 0;
    this.bytes.set(new Uint8Array(column.buffer, column.byteOffset, column.byteLength), this.at);
    this.at += column.byteLength;
  }

  numbers(values: ArrayLike<number>) {
    const kind = kindOf(values);
    const Kind = KINDS[kind]!;
    this.count(values.length);
    this.byte(kind);
    this.raw(Kind.from(values), Kind.BYTES_PER_ELEMENT);
  }

  /** Presence (0 or 1 each) then the values present. */
  nullable(values: readonly (number | null)[]) {
    this.numbers(values.map((v) => (v === null ? 0 : 1)));
    this.numbers(values.filter((v): v is number => v !== null));
  }

  strings(list: readonly string[]) {
    this.count(list.length);
    this.numbers(list.map((s) => s.length));
    const text = list.join("");
    const utf16 = WELL_FORMED.test(text);
    this.byte(utf16 ? 1 : 0);
    if (utf16) {
      const units = new Uint16Array(text.length);
      for (let i = 0; i < text.length; i++) units[i] = text.charCodeAt(i);
      this.count(units.length);
      this.raw(units, 2);
    } else {
      const utf8 = encoder.encode(text);
      this.count(utf8.length);
      this.raw(utf8, 1);
    }
  }

  sparse(s: Sparse<number>) {
    this.numbers(s.at);
    this.numbers(s.values);
  }

  done(): Uint8Array<ArrayBuffer> {
    return this.bytes.slice(0, this.at);
  }
}

class Reader {
  private at = 0;
  constructor(private readonly bytes: Uint8Array<ArrayBuffer>) {}

  byte(): number {
    if (this.at >= this.bytes.length) throw new Error("Binary run ends early");
    return this.bytes[this.at++]!;
  }

  count(): number {
    let n = 0;
    let scale = 1;
    for (;;) {
      const b = this.byte();
      n += (b & 127) * scale;
      if (b < 128) return n;
      scale *= 128;
    }
  }

  private raw<T>(make: (buffer: ArrayBuffer, offset: number, length: number) => T, size: number, length: number): T {
    while (this.at % size !== 0) this.at++;
    const offset = this.bytes.byteOffset + this.at;
    this.at += size * length;
    if (this.at > this.bytes.length) throw new Error("Binary run ends early");
    return make(this.bytes.buffer, offset, length);
  }

  column(): NumberColumn {
    const length = this.count();
    const Kind = KINDS[this.byte()];
    if (!Kind) throw new Error("Unknown column kind in binary run");
    return this.raw((b, o, n) => new Kind(b, o, n), Kind.BYTES_PER_ELEMENT, length);
  }

  numbers(): number[] {
    return Array.from(this.column());
  }

  nullable(): (number | null)[] {
    const present = this.column();
    const values = this.column();
    const out = new Array<number | null>(present.length);
    for (let i = 0, k = 0; i < present.length; i++) out[i] = present[i] === 1 ? values[k++]! : null;
    return out;
  }

  strings(): string[] {
    const n = this.count();
    const lengths = this.column();
    const utf16 = this.byte() === 1;
    const size = this.count();
    let text: string;
    if (utf16) {
      const units = this.raw((b, o, k) => new Uint16Array(b, o, k), 2, size);
      const parts: string[] = [];
      for (let i = 0; i < units.length; i += 8192) parts.push(String.fromCharCode(...units.subarray(i, i + 8192)));
      text = parts.join("");
    } else text = decoder.decode(this.raw((b, o, k) => new Uint8Array(b, o, k), 1, size));
    const out = new Array<string>(n);
    for (let i = 0, at = 0; i < n; i++) {
      out[i] = text.slice(at, at + lengths[i]!);
      at += lengths[i]!;
    }
    return out;
  }

  sparse(): Sparse<number> {
    return { at: this.numbers(), values: this.numbers() };
  }
}

/** A list of lists as their lengths and the flat elements. */
function nested<T>(lists: readonly (readonly T[])[]): { lengths: number[]; flat: T[] } {
  return { lengths: lists.map((l) => l.length), flat: lists.flat<readonly (readonly T[])[]>() };
}

function unnest<T>(lengths: readonly number[], flat: readonly T[]): T[][] {
  let at = 0;
  return lengths.map((n) => flat.slice(at, (at += n)));
}

function writeCompact(w: Writer, c: CompactRun) {
  w.strings([c.name, c.format]);
  w.numbers([c.passThreshold]);
  w.strings(c.strings);
  w.numbers(c.tasks);
  w.numbers(c.taskWeights);
  w.numbers(c.templates);
  w.nullable(c.templateWeights);
  const sequences = nested(c.sequences);
  w.numbers(sequences.lengths);
  w.numbers(sequences.flat);
  w.strings(c.statuses);
  w.strings(c.rules);
  w.strings(c.checkStatuses);

  const r = c.rollouts;
  w.strings(r.ids);
  w.numbers(r.task);
  w.numbers(r.sequence);
  w.numbers(r.flags);
  w.sparse(r.reportedReward);
  w.sparse(r.penalties);
  w.sparse(r.gate);
  w.numbers(r.source.at);
  w.strings(r.source.values);
  const warnings = nested(r.warnings.values);
  w.numbers(r.warnings.at);
  w.numbers(warnings.lengths);
  w.strings(warnings.flat);
  w.byte(r.measures ? 1 : 0);
  if (r.measures) {
    const measures = nested(r.measures.values);
    w.numbers(r.measures.at);
    w.numbers(measures.lengths);
    w.nullable(measures.flat);
  }
  w.byte(r.unscoredReason ? 1 : 0);
  if (r.unscoredReason) w.sparse(r.unscoredReason);

  w.numbers(c.checks);
  w.strings(c.failureTags);
  w.numbers(c.scores.at);
  w.nullable(c.scores.values);
  w.byte(c.warnings ? 1 : 0);
  if (c.warnings) w.strings(c.warnings);
  w.byte(c.regrades ? 1 : 0);
  if (c.regrades) {
    w.strings(c.regrades.map((g) => g.rollout));
    w.nullable(c.regrades.map((g) => g.originalReward));
    w.nullable(c.regrades.map((g) => g.newReward));
    w.strings(c.regrades.map((g) => g.change));
  }
}

function readCompact(r: Reader): CompactRun {
  const [name = "", format = ""] = r.strings();
  const passThreshold = r.numbers()[0] ?? 1;
  const strings = r.strings();
  const tasks = r.numbers();
  const taskWeights = r.numbers();
  const templates = r.numbers();
  const templateWeights = r.nullable();
  const sequences = unnest(r.numbers(), r.numbers());
  const statuses = r.strings();
  const rules = r.strings();
  const checkStatuses = r.strings();

  const ids = r.strings();
  const task = r.numbers();
  const sequence = r.numbers();
  const flags = r.numbers();
  const reportedReward = r.sparse();
  const penalties = r.sparse();
  const gate = r.sparse();
  const source = { at: r.numbers(), values: r.strings() };
  const warningsAt = r.numbers();
  const warnings = { at: warningsAt, values: unnest(r.numbers(), r.strings()) };
  const measures =
    r.byte() === 1 ? { at: r.numbers(), values: ((lengths) => unnest(lengths, r.nullable()))(r.numbers()) } : undefined;
  const unscoredReason = r.byte() === 1 ? r.sparse() : undefined;

  const checks = r.numbers();
  const failureTags = r.strings();
  const scores = { at: r.numbers(), values: r.nullable() };
  const runWarnings = r.byte() === 1 ? r.strings() : undefined;
  let regrades: CompactRun["regrades"];
  if (r.byte() === 1) {
    const rollout = r.strings();
    const originalReward = r.nullable();
    const newReward = r.nullable();
    const change = r.strings();
    regrades = rollout.map((id, i) => ({
      rollout: id,
      originalReward: originalReward[i] ?? null,
      newReward: newReward[i] ?? null,
      change: change[i]!,
    }));
  }

  return {
    v: 1,
    name,
    format,
    passThreshold,
    strings,
    tasks,
    taskWeights,
    templates,
    templateWeights,
    sequences,
    statuses,
    rules,
    checkStatuses,
    rollouts: {
      ids,
      task,
      sequence,
      flags,
      reportedReward,
      penalties,
      gate,
      source,
      warnings,
      ...(measures ? { measures } : {}),
      ...(unscoredReason ? { unscoredReason } : {}),
    },
    checks,
    failureTags,
    scores,
    ...(runWarnings ? { warnings: runWarnings } : {}),
    ...(regrades ? { regrades } : {}),
  };
}

export function encodeBinaryRun(run: ScoringRun): Uint8Array<ArrayBuffer> {
  const w = new Writer();
  for (const b of MAGIC) w.byte(b);
  w.byte(BINARY_RUN_LAYOUT);
  writeCompact(w, encodeRun(run));
  return w.done();
}

/** The run of encodeBinaryRun's bytes; throws on anything else (another layout, a truncated body). */
export function decodeBinaryRun(bytes: Uint8Array): ScoringRun {
  // Views need their elements aligned within the buffer: a body at an odd offset is copied once.
  const aligned: Uint8Array<ArrayBuffer> =
    bytes.byteOffset % 8 === 0 && bytes.buffer instanceof ArrayBuffer
      ? (bytes as Uint8Array<ArrayBuffer>)
      : new Uint8Array(bytes);
  const r = new Reader(aligned);
  for (const b of MAGIC) if (r.byte() !== b) throw new Error("Not a binary run");
  const layout = r.byte();
  if (layout !== BINARY_RUN_LAYOUT) throw new Error(`Unknown binary run layout ${layout}`);
  return decodeRun(readCompact(r));
}
