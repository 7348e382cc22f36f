import { isJsonObject, mayHoldKey } from "./json";
import { agreed, assembleRun, deriveRunName, type RolloutWithTask } from "./grade/assemble";
import {
  isRecordFileName,
  notAnObject,
  readRecords,
  recordIssues,
  recordsSeen,
  type JsonRecord,
} from "./grade/records";
import { normaliseGrade } from "./grade/rollout";
import { ZGradeRecord } from "./grade/schema";
import type { FileRejection, FormatModule, InputFile, Json, ParseOptions, ParseResult } from "./types";

export { ZGradeRecord } from "./grade/schema";
export { NO_GRADED_SUBSCORE } from "./grade/rollout";

/** A file of grades may wrap its list as `{"grades": [...]}`. */
const WRAPPERS = ["grades"] as const;

function looksLikeGrade(value: Json): boolean {
  return isJsonObject(value) && isJsonObject(value.subscores) && "weights" in value;
}

/** A grade file by content: one grade, a list of grades or JSON lines of grades (objects with subscores and weights). */
function isGradeFile(file: InputFile): boolean {
  if (!isRecordFileName(file.path) || !mayHoldKey(file, "subscores")) return false;
  const read = readRecords(file, WRAPPERS);
  return recordsSeen(read).some((r) => looksLikeGrade(r.value));
}

function claim(files: readonly InputFile[]): InputFile[] {
  return files.filter(isGradeFile);
}

type FileRead = { ok: true; items: RolloutWithTask[]; thresholds: number[] } | { ok: false; error: string };

function readGradeFile(file: InputFile): FileRead {
  const read = readRecords(file, WRAPPERS);
  if (!read.ok) return read;
  const many = read.records.length > 1 || read.top !== null || /\.(jsonl|ndjson)$/i.test(file.path);
  const errors: string[] = [];
  const items: RolloutWithTask[] = [];
  const thresholds: number[] = [];
  const sources = new Map<string, number>();
  read.records.forEach((record: JsonRecord, i) => {
    if (!isJsonObject(record.value)) {
      errors.push(notAnObject(record, "a grade"));
      return;
    }
    const parsed = ZGradeRecord.safeParse(record.value);
    if (!parsed.success) {
      errors.push(recordIssues(record, parsed.error.issues));
      return;
    }
    const threshold = parsed.data.pass_threshold ?? parsed.data.threshold;
    if (threshold !== undefined) thresholds.push(threshold);
    const position = record.where.startsWith("line ") ? Number(record.where.slice(5)) : i + 1;
    const { rollout, task } = normaliseGrade({ file, data: parsed.data, raw: record.value, many, position });
    // Two grades of one problem in one file: keep their sources apart.
    const n = (sources.get(rollout.source.path) ?? 0) + 1;
    sources.set(rollout.source.path, n);
    if (n > 1) rollout.source = { ...rollout.source, path: `${rollout.source.path}~${n}` };
    items.push({ rollout, task });
  });
  if (errors.length > 0)
    return {
      ok: false,
      error: errors.slice(0, 3).join("; ") + (errors.length > 3 ? `; and ${errors.length - 3} more grades` : ""),
    };
  return { ok: true, items, thresholds };
}

function parse(files: readonly InputFile[], options: ParseOptions): ParseResult {
  const rejected: FileRejection[] = [];
  const items: RolloutWithTask[] = [];
  const thresholds: number[] = [];
  for (const file of files) {
    const read = readGradeFile(file);
    if (!read.ok) {
      rejected.push({ path: file.path, error: read.error });
      continue;
    }
    for (const item of read.items) items.push(item);
    for (const t of read.thresholds) thresholds.push(t);
  }
  if (items.length === 0) return { runs: [], rejected };

  const warnings: string[] = [];
  const distinct = [...new Set(thresholds)];
  if (distinct.length > 1)
    warnings.push(`grades state different pass thresholds (${distinct.join(", ")}): using ${distinct[0]}`);
  const field = (k: "agent" | "model") =>
    items.map(({ rollout }) => {
      const v = rollout.metadata[k];
      return typeof v === "string" ? v : null;
    });
  const agent = options.agent ?? agreed(field("agent"), "agent", warnings);
  const model = options.model ?? agreed(field("model"), "model", warnings);
  const run = assembleRun(items, {
    format: "grade",
    name: deriveRunName(
      options,
      files.map((f) => f.path),
      "grades",
    ),
    agent,
    model,
    createdAt: null,
    passThreshold: distinct[0] ?? 1,
    warnings,
    metadata: {},
  });
  return { runs: [run], rejected };
}

/**
 * grade_problem grades (docs/scoring.md#grades, docs/formats.md): reward = clip(Σ subscore × weight − Σ penalties,
 * 0, 1); the gate component (defect_matching for exploit/detect, patch_verified for patch) decides passed,
 * others pass at the run's threshold (1.0 unless the grades state one).
 */
export const gradeFormat: FormatModule = { id: "grade", claim, parse, detectKeys: ["subscores"] };
