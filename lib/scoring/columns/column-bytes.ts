import { MEASURE_KEYS } from "../core/measures";
import { withCheckStarts } from "./check-starts";
import { NUMBER_KINDS, kindOf, lazyStringColumn, narrowestKind, type NumberKind } from "./column-kinds";
import { COLUMNS, columnValues, type ColumnSpec, type ColumnValue } from "./column-schema";
import { CHECK_CODE, SCORE_OWN, type NumberColumn, type RunColumns, type StringColumn } from "./run-columns";

/*
 * A run's columns as bytes: what the store keeps and GET /api/runs/:id/run.bin serves.
 *
 *   "TLRC"  u32 header length (little-endian)  header (UTF-8 JSON)  columns
 *
 * The header lists every column as [name, kind, count, byte length], in the order the columns follow; each
 * column starts at a multiple of 8 bytes from the start, so a reader takes a typed-array view of it instead of a
 * copy. Kinds: u8, i8, u16, i16, u32, i32, f64 (numbers), or strings as `<text>:<lengths>`: the UTF-16 length of
 * each string in the narrowest number kind, then the text, in UTF-8 (`utf8`) or, when some string holds a lone
 * surrogate, which UTF-8 cannot carry, as UTF-16 code units (`utf16`). Front-coded strings (`utf8-front`,
 * `utf16-front`) give three lengths per string: the characters shared with the start and the end of the
 * string before, and the rest, which is all the text holds.
 * Contract: decodeColumns(encodeColumns(c)) holds c's values; decodeColumns refuses bytes whose columns are
 * not exactly COLUMNS (column-schema.ts), naming the column.
 */

const MAGIC = [0x54, 0x4c, 0x52, 0x43]; // "TLRC"
const TEXT_KINDS = ["utf8", "utf16", "utf8-front", "utf16-front"] as const;
type TextKind = (typeof TEXT_KINDS)[number];
/** A number kind, or a text kind and the kind of its lengths ("utf8:u8"). */
type Kind = NumberKind | `${TextKind}:${NumberKind}`;

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
/** A lone surrogate (with the u flag a well-formed pair is one code point, outside this range). */
const LONE_SURROGATE = /[\ud800-\udfff]/u;

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;
const align8 = (n: number) => (n + 7) & ~7;

interface Encoded {
  kind: Kind;
  count: number;
  bytes: Uint8Array;
}

function encodeText(list: readonly string[], front: boolean): Encoded {
  const lengths = new Float64Array(front ? 3 * list.length : list.length);
  const parts: string[] = [];
  let prev = "";
  list.forEach((s, i) => {
    if (!front) {
      lengths[i] = s.length;
      parts.push(s);
      return;
    }
    // The shared start and end, never splitting a surrogate pair, so each rest is well-formed text.
    const max = Math.min(s.length, prev.length);
    let p = 0;
    while (p < max && s.charCodeAt(p) === prev.charCodeAt(p)) p++;
    if (p > 0 && p < s.length && isHigh(s.charCodeAt(p - 1))) p--;
    let e = 0;
    while (e < max - p && s.charCodeAt(s.length - 1 - e) === prev.charCodeAt(prev.length - 1 - e)) e++;
    if (e > 0 && e < s.length - p && isLow(s.charCodeAt(s.length - e))) e--;
    lengths[3 * i] = p;
    lengths[3 * i + 1] = e;
    lengths[3 * i + 2] = s.length - p - e;
    parts.push(s.slice(p, s.length - e));
    prev = s;
  });
  const text = parts.join("");
  const utf16 = LONE_SURROGATE.test(text);
  let body: Uint8Array;
  if (utf16) {
    const units = new Uint16Array(text.length);
    for (let i = 0; i < text.length; i++) units[i] = text.charCodeAt(i);
    body = new Uint8Array(units.buffer);
  } else body = encoder.encode(text);
  const lengthKind = narrowestKind(lengths);
  const sizes = NUMBER_KINDS[lengthKind].from(lengths);
  // The text starts at an even offset, for a UTF-16 view.
  const at = sizes.byteLength + (sizes.byteLength % 2);
  const bytes = new Uint8Array(at + body.length);
  bytes.set(new Uint8Array(sizes.buffer), 0);
  bytes.set(body, at);
  const textKind: TextKind = utf16 ? (front ? "utf16-front" : "utf16") : front ? "utf8-front" : "utf8";
  return { kind: `${textKind}:${lengthKind}`, count: list.length, bytes };
}

const listOf = (v: StringColumn | readonly string[]): readonly string[] => ("all" in v ? v.all() : v);

function encodeColumn(name: string, spec: ColumnSpec, front: boolean, value: ColumnValue): Encoded {
  if (spec === "text") {
    if (ArrayBuffer.isView(value)) throw new Error(`Column ${name} holds numbers, not strings`);
    return encodeText(listOf(value), front);
  }
  if (!ArrayBuffer.isView(value)) throw new Error(`Column ${name} holds strings, not numbers`);
  const kind = kindOf(value);
  if (spec !== "number" && kind !== spec) throw new Error(`Column ${name} is ${kind}, not ${spec}`);
  return { kind, count: value.length, bytes: new Uint8Array(value.buffer, value.byteOffset, value.byteLength) };
}

/** The columns as bytes (see the layout above). */
export function encodeColumns(c: RunColumns): Uint8Array<ArrayBuffer> {
  const values = columnValues(c);
  const encoded = COLUMNS.map((def) => encodeColumn(def.name, def.spec, def.front === true, values[def.name]!));
  const header = encoder.encode(
    JSON.stringify({
      columns: COLUMNS.map((def, i) => [def.name, encoded[i]!.kind, encoded[i]!.count, encoded[i]!.bytes.length]),
    }),
  );
  let size = align8(8 + header.length);
  for (const e of encoded) size = align8(size) + e.bytes.length;
  const out = new Uint8Array(align8(size));
  out.set(MAGIC, 0);
  new DataView(out.buffer).setUint32(4, header.length, true);
  out.set(header, 8);
  let at = align8(8 + header.length);
  for (const e of encoded) {
    at = align8(at);
    out.set(e.bytes, at);
    at += e.bytes.length;
  }
  return out;
}

function fail(message: string): never {
  throw new Error(`Binary run: ${message}`);
}

/** A text column's strings, decoded from its bytes (`at`: where the column starts in `bytes`). */
function decodeText(
  bytes: Uint8Array<ArrayBuffer>,
  at: number,
  kind: TextKind,
  lengthKind: NumberKind,
  count: number,
  size: number,
): string[] {
  const front = kind.endsWith("-front");
  const entries = front ? 3 * count : count;
  const Lengths = NUMBER_KINDS[lengthKind];
  const lengthBytes = entries * Lengths.BYTES_PER_ELEMENT;
  if (lengthBytes > size) fail("a text column ends early");
  const lengths = new Lengths(bytes.buffer, bytes.byteOffset + at, entries);
  const bodyAt = at + lengthBytes + (lengthBytes % 2);
  let text: string;
  if (kind.startsWith("utf16")) {
    const units = new Uint16Array(bytes.buffer, bytes.byteOffset + bodyAt, (at + size - bodyAt) / 2);
    const parts: string[] = [];
    for (let i = 0; i < units.length; i += 8192) parts.push(String.fromCharCode(...units.subarray(i, i + 8192)));
    text = parts.join("");
  } else text = decoder.decode(bytes.subarray(bodyAt, at + size));
  const out = new Array<string>(count);
  let pos = 0;
  let prev = "";
  for (let i = 0; i < count; i++) {
    if (!front) {
      out[i] = text.slice(pos, (pos += lengths[i]!));
      continue;
    }
    const p = lengths[3 * i]!;
    const e = lengths[3 * i + 1]!;
    const rest = text.slice(pos, (pos += lengths[3 * i + 2]!));
    prev = prev.slice(0, p) + rest + (e > 0 ? prev.slice(prev.length - e) : "");
    out[i] = prev;
  }
  if (pos !== text.length) fail("a text column's lengths do not match its text");
  return out;
}

interface Header {
  columns: [string, Kind, number, number][];
}

function readHeader(bytes: Uint8Array<ArrayBuffer>): Header {
  if (bytes.length < 8 || MAGIC.some((b, i) => bytes[i] !== b)) throw new Error("Not a binary run");
  const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(4, true);
  if (8 + length > bytes.length) fail("ends early");
  let header: unknown;
  try {
    header = JSON.parse(decoder.decode(bytes.subarray(8, 8 + length)));
  } catch {
    fail("its header is not JSON");
  }
  const columns = (header as { columns?: unknown }).columns;
  const valid =
    Array.isArray(columns) &&
    columns.every(
      (c) =>
        Array.isArray(c) &&
        c.length === 4 &&
        typeof c[0] === "string" &&
        typeof c[1] === "string" &&
        Number.isSafeInteger(c[2]) &&
        Number.isSafeInteger(c[3]) &&
        (c[2] as number) >= 0 &&
        (c[3] as number) >= 0,
    );
  if (!valid) fail("its header does not list columns as [name, kind, count, bytes]");
  return header as Header;
}

const SPECS = new Map(COLUMNS.map((c) => [c.name, c.spec]));

/**
 * The columns of encodeColumns's bytes, as views of them (strings are decoded from them when first read). Throws
 * on anything else, naming what is wrong: not a binary run, a column this code does not know, one it needs that
 * is missing, a column of another kind, bytes that end early.
 */
export function decodeColumns(input: Uint8Array): RunColumns {
  // Views need their elements aligned within the buffer: bytes at an odd offset are copied once.
  const bytes: Uint8Array<ArrayBuffer> =
    input.byteOffset % 8 === 0 && input.buffer instanceof ArrayBuffer
      ? (input as Uint8Array<ArrayBuffer>)
      : new Uint8Array(input);
  const header = readHeader(bytes);
  const numbers = new Map<string, NumberColumn>();
  const texts = new Map<string, StringColumn>();
  let at = align8(8 + new DataView(bytes.buffer, bytes.byteOffset).getUint32(4, true));
  for (const [name, kind, count, size] of header.columns) {
    const spec = SPECS.get(name);
    if (spec === undefined) fail(`it has a column this code does not know, "${name}": it was written by other code`);
    if (numbers.has(name) || texts.has(name)) fail(`it lists the column "${name}" twice`);
    at = align8(at);
    if (at + size > bytes.length) fail("ends early");
    if (spec === "text") {
      const [text = "", lengths = ""] = kind.split(":");
      if (!(TEXT_KINDS as readonly string[]).includes(text) || !Object.hasOwn(NUMBER_KINDS, lengths))
        fail(`column "${name}" is ${kind}, not text`);
      const from = at;
      texts.set(
        name,
        lazyStringColumn(count, () => decodeText(bytes, from, text as TextKind, lengths as NumberKind, count, size)),
      );
    } else {
      const Kind = Object.hasOwn(NUMBER_KINDS, kind) ? NUMBER_KINDS[kind as NumberKind] : undefined;
      if (Kind === undefined || (spec !== "number" && kind !== spec))
        fail(`column "${name}" is ${kind}, not ${spec === "number" ? "numbers" : spec}`);
      if (count * Kind.BYTES_PER_ELEMENT !== size) fail(`column "${name}" has ${size} bytes for ${count} ${kind}`);
      numbers.set(name, new Kind(bytes.buffer, bytes.byteOffset + at, count));
    }
    at += size;
  }
  const missing = COLUMNS.filter((c) => !numbers.has(c.name) && !texts.has(c.name)).map((c) => `"${c.name}"`);
  if (missing.length > 0) fail(`it lacks the column${missing.length > 1 ? "s" : ""} ${missing.join(", ")}`);
  return assemble(numbers, texts);
}

function assemble(numbers: Map<string, NumberColumn>, texts: Map<string, StringColumn>): RunColumns {
  const num = (name: string) => numbers.get(name)!;
  const i32 = (name: string) => numbers.get(name) as Int32Array;
  const u8 = (name: string) => numbers.get(name) as Uint8Array;
  const text = (name: string) => texts.get(name)!;
  const first = (name: string) => text(name).all()[0] ?? fail(`column "${name}" is empty`);
  const scalar = (name: string) => num(name)[0] ?? fail(`column "${name}" is empty`);
  const hasRegrades = scalar("run.hasRegrades") === 1;
  const base = {
    name: first("run.name"),
    format: first("run.format"),
    passThreshold: scalar("run.passThreshold"),
    strings: text("strings").all(),
    declaredTasks: scalar("run.declaredTasks"),
    taskKey: i32("task.key"),
    taskId: i32("task.id"),
    taskName: i32("task.name"),
    taskGroup: i32("task.group"),
    taskWeight: num("task.weight"),
    templateKey: i32("template.key"),
    templateLabel: i32("template.label"),
    templateDimension: i32("template.dimension"),
    templateRequired: u8("template.required"),
    templateWeight: num("template.weight"),
    templateHasWeight: u8("template.hasWeight"),
    sequenceStart: i32("sequence.start"),
    sequenceTemplate: i32("sequence.template"),
    rolloutId: text("rollout.id"),
    rolloutTask: num("rollout.task"),
    rolloutSequence: num("rollout.sequence"),
    rolloutStatus: u8("rollout.status"),
    rolloutRule: u8("rollout.rule"),
    reportedPassed: u8("rollout.reportedPassed"),
    reportedReward: num("rollout.reportedReward"),
    hasReportedReward: u8("rollout.hasReportedReward"),
    penalties: { at: i32("penalty.rollout"), values: num("penalty.value") },
    gate: { at: i32("gate.rollout"), values: i32("gate.string") },
    unscoredReason: { at: i32("unscored.rollout"), values: i32("unscored.reason") },
    source: { at: i32("source.rollout"), values: text("source.text") },
    failure: {
      at: i32("failure.rollout"),
      errorType: i32("failure.errorType"),
      message: i32("failure.message"),
      lastTool: i32("failure.lastTool"),
    },
    warningRollouts: i32("warning.rollout"),
    warningStart: i32("warning.start"),
    warningText: i32("warning.text"),
    measured: { at: i32("measure.rollout"), values: numbers.get("measure.mask") as Uint16Array },
    measureValues: MEASURE_KEYS.map((key) => num(`measure.${key}`)),
    checkCode: u8("check.code"),
    scores: { at: i32("score.check"), values: numbers.get("score.value") as Float64Array },
    checkTag: num("check.tag"),
    tagStrings: i32("tag.string"),
    warnings: scalar("run.hasWarnings") === 1 ? i32("run.warnings") : null,
    regrades: hasRegrades
      ? {
          rollout: i32("regrade.rollout"),
          originalReward: num("regrade.originalReward"),
          hasOriginalReward: u8("regrade.hasOriginalReward"),
          newReward: num("regrade.newReward"),
          hasNewReward: u8("regrade.hasNewReward"),
          change: i32("regrade.change"),
        }
      : null,
  };
  checkShape(base);
  return withCheckStarts(base);
}

/** Refuses columns whose lengths disagree, which would otherwise be read past their ends. */
function checkShape(c: Omit<RunColumns, "checkStart">): void {
  const same = (what: string, ...lengths: number[]) => {
    if (lengths.some((n) => n !== lengths[0])) fail(`the ${what} columns have different lengths`);
  };
  same("task", c.taskKey.length, c.taskId.length, c.taskName.length, c.taskGroup.length, c.taskWeight.length);
  same(
    "template",
    c.templateKey.length,
    c.templateLabel.length,
    c.templateDimension.length,
    c.templateRequired.length,
    c.templateWeight.length,
    c.templateHasWeight.length,
  );
  same(
    "rollout",
    c.rolloutId.length,
    c.rolloutTask.length,
    c.rolloutSequence.length,
    c.rolloutStatus.length,
    c.rolloutRule.length,
    c.reportedPassed.length,
    c.reportedReward.length,
    c.hasReportedReward.length,
  );
  same("penalty", c.penalties.at.length, c.penalties.values.length);
  same("gate", c.gate.at.length, c.gate.values.length);
  same("unscored", c.unscoredReason.at.length, c.unscoredReason.values.length);
  same("source", c.source.at.length, c.source.values.length);
  same("failure", c.failure.at.length, c.failure.errorType.length, c.failure.message.length, c.failure.lastTool.length);
  same("warning", c.warningRollouts.length + 1, c.warningStart.length);
  same("measure", c.measured.at.length, c.measured.values.length);
  same("score", c.scores.at.length, c.scores.values.length);
  same("check", c.checkCode.length, c.checkTag.length);
  if (c.sequenceStart.length === 0) fail("the sequence.start column is empty");
  let checks = 0;
  for (let r = 0; r < c.rolloutSequence.length; r++) {
    const s = c.rolloutSequence[r]!;
    if (s < 0 || s + 1 >= c.sequenceStart.length) fail(`rollout ${r} names no sequence`);
    checks += c.sequenceStart[s + 1]! - c.sequenceStart[s]!;
  }
  if (checks !== c.checkCode.length) fail("the check.code column does not hold every rollout's checks");
  // Each own score sits at a check whose code says so, in check order, and every such check has one.
  const bits = CHECK_CODE.score;
  const ownCode = SCORE_OWN;
  let own = 0;
  for (let i = 0; i < c.checkCode.length; i++) if ((c.checkCode[i]! & bits) === ownCode) own++;
  let last = -1;
  for (const at of c.scores.at) {
    if (at <= last || at >= c.checkCode.length || (c.checkCode[at]! & bits) !== ownCode)
      fail("the score.check column does not match the checks' codes");
    last = at;
  }
  if (own !== c.scores.at.length) fail("the score.check column does not match the checks' codes");
}
