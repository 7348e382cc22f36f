import { MEASURE_KEYS } from "../core/measures";
import type { NumberKind } from "./column-kinds";
import type { NumberColumn, RunColumns, StringColumn } from "./run-columns";

/*
 * The columns of a run in bytes, by name. A column is numbers of one fixed kind, numbers of any kind (stored in
 * the narrowest that holds them: `number`), or strings (`text`). encodeColumns writes every column listed here
 * with its name and kind in the header; decodeColumns refuses bytes whose columns are not exactly these.
 * Changing what a column holds means giving it a new name: the layout id (COLUMNS_LAYOUT) follows from the
 * names and kinds, so bytes of another layout are never read as this one.
 */

export type ColumnSpec = NumberKind | "number" | "text";

/** The values of one column: numbers, or strings (a list in memory, a StringColumn once decoded). */
export type ColumnValue = NumberColumn | StringColumn | readonly string[];

interface ColumnDef {
  name: string;
  spec: ColumnSpec;
  /** Front-code the strings (ids and paths of neighbouring rollouts share most of their text). */
  front?: boolean;
}

const measureColumns = MEASURE_KEYS.map((key): ColumnDef => ({ name: `measure.${key}`, spec: "number" }));

export const COLUMNS: readonly ColumnDef[] = [
  { name: "run.name", spec: "text" },
  { name: "run.format", spec: "text" },
  { name: "run.passThreshold", spec: "number" },
  { name: "run.declaredTasks", spec: "number" },
  { name: "run.hasWarnings", spec: "u8" },
  { name: "run.warnings", spec: "i32" },
  { name: "strings", spec: "text" },
  { name: "task.key", spec: "i32" },
  { name: "task.id", spec: "i32" },
  { name: "task.name", spec: "i32" },
  { name: "task.group", spec: "i32" },
  { name: "task.weight", spec: "number" },
  { name: "template.key", spec: "i32" },
  { name: "template.label", spec: "i32" },
  { name: "template.dimension", spec: "i32" },
  { name: "template.required", spec: "u8" },
  { name: "template.weight", spec: "number" },
  { name: "template.hasWeight", spec: "u8" },
  { name: "sequence.start", spec: "i32" },
  { name: "sequence.template", spec: "i32" },
  { name: "rollout.id", spec: "text", front: true },
  { name: "rollout.task", spec: "number" },
  { name: "rollout.sequence", spec: "number" },
  { name: "rollout.status", spec: "u8" },
  { name: "rollout.rule", spec: "u8" },
  { name: "rollout.reportedPassed", spec: "u8" },
  { name: "rollout.reportedReward", spec: "number" },
  { name: "rollout.hasReportedReward", spec: "u8" },
  { name: "penalty.rollout", spec: "i32" },
  { name: "penalty.value", spec: "number" },
  { name: "gate.rollout", spec: "i32" },
  { name: "gate.string", spec: "i32" },
  { name: "unscored.rollout", spec: "i32" },
  { name: "unscored.reason", spec: "i32" },
  { name: "source.rollout", spec: "i32" },
  { name: "source.text", spec: "text", front: true },
  { name: "failure.rollout", spec: "i32" },
  { name: "failure.errorType", spec: "i32" },
  { name: "failure.message", spec: "i32" },
  { name: "failure.lastTool", spec: "i32" },
  { name: "warning.rollout", spec: "i32" },
  { name: "warning.start", spec: "i32" },
  { name: "warning.text", spec: "i32" },
  { name: "measure.rollout", spec: "i32" },
  { name: "measure.mask", spec: "u16" },
  ...measureColumns,
  { name: "check.code", spec: "u8" },
  { name: "score.check", spec: "i32" },
  { name: "score.value", spec: "f64" },
  { name: "check.tag", spec: "number" },
  { name: "tag.string", spec: "i32" },
  { name: "run.hasRegrades", spec: "u8" },
  { name: "regrade.rollout", spec: "i32" },
  { name: "regrade.originalReward", spec: "number" },
  { name: "regrade.hasOriginalReward", spec: "u8" },
  { name: "regrade.newReward", spec: "number" },
  { name: "regrade.hasNewReward", spec: "u8" },
  { name: "regrade.change", spec: "i32" },
];

const EMPTY_I32 = new Int32Array(0);
const EMPTY_U8 = new Uint8Array(0);

/** Every column of `c` by name, as encodeColumns writes them. */
export function columnValues(c: RunColumns): Record<string, ColumnValue> {
  const g = c.regrades;
  const out: Record<string, ColumnValue> = {
    "run.name": [c.name],
    "run.format": [c.format],
    "run.passThreshold": Float64Array.of(c.passThreshold),
    "run.declaredTasks": Float64Array.of(c.declaredTasks),
    "run.hasWarnings": Uint8Array.of(c.warnings === null ? 0 : 1),
    "run.warnings": c.warnings ?? EMPTY_I32,
    strings: c.strings,
    "task.key": c.taskKey,
    "task.id": c.taskId,
    "task.name": c.taskName,
    "task.group": c.taskGroup,
    "task.weight": c.taskWeight,
    "template.key": c.templateKey,
    "template.label": c.templateLabel,
    "template.dimension": c.templateDimension,
    "template.required": c.templateRequired,
    "template.weight": c.templateWeight,
    "template.hasWeight": c.templateHasWeight,
    "sequence.start": c.sequenceStart,
    "sequence.template": c.sequenceTemplate,
    "rollout.id": c.rolloutId,
    "rollout.task": c.rolloutTask,
    "rollout.sequence": c.rolloutSequence,
    "rollout.status": c.rolloutStatus,
    "rollout.rule": c.rolloutRule,
    "rollout.reportedPassed": c.reportedPassed,
    "rollout.reportedReward": c.reportedReward,
    "rollout.hasReportedReward": c.hasReportedReward,
    "penalty.rollout": c.penalties.at,
    "penalty.value": c.penalties.values,
    "gate.rollout": c.gate.at,
    "gate.string": c.gate.values,
    "unscored.rollout": c.unscoredReason.at,
    "unscored.reason": c.unscoredReason.values,
    "source.rollout": c.source.at,
    "source.text": c.source.values,
    "failure.rollout": c.failure.at,
    "failure.errorType": c.failure.errorType,
    "failure.message": c.failure.message,
    "failure.lastTool": c.failure.lastTool,
    "warning.rollout": c.warningRollouts,
    "warning.start": c.warningStart,
    "warning.text": c.warningText,
    "measure.rollout": c.measured.at,
    "measure.mask": c.measured.values,
    "check.code": c.checkCode,
    "score.check": c.scores.at,
    "score.value": c.scores.values,
    "check.tag": c.checkTag,
    "tag.string": c.tagStrings,
    "run.hasRegrades": Uint8Array.of(g === null ? 0 : 1),
    "regrade.rollout": g?.rollout ?? EMPTY_I32,
    "regrade.originalReward": g?.originalReward ?? EMPTY_I32,
    "regrade.hasOriginalReward": g?.hasOriginalReward ?? EMPTY_U8,
    "regrade.newReward": g?.newReward ?? EMPTY_I32,
    "regrade.hasNewReward": g?.hasNewReward ?? EMPTY_U8,
    "regrade.change": g?.change ?? EMPTY_I32,
  };
  MEASURE_KEYS.forEach((key, k) => (out[`measure.${key}`] = c.measureValues[k]!));
  return out;
}

/**
 * FNV-1a of the text as an integer in [2^30, 2^31): it fits the Int column of either database, and never equals
 * a hand-numbered layout of the bytes before (1).
 */
function hash31(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 1) | 0x40000000;
}

/**
 * The layout of the bytes, derived from the column names and kinds: what a stored encoding and an ETag name
 * so that bytes of another layout are read again rather than misread. Never raised by hand.
 */
export const COLUMNS_LAYOUT = hash31(JSON.stringify(COLUMNS.map((c) => [c.name, c.spec, c.front === true])));
