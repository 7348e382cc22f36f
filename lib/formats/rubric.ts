import { isJsonObject, mayHoldKey } from "./json";
import { agreed, assembleRun, deriveRunName, isoTime } from "./grade/assemble";
import { isRecordFileName, notAnObject, readRecords, recordIssues, recordsSeen } from "./grade/records";
import { groupVerdicts, type VerdictItem } from "./rubric/rollouts";
import { FILE_FIELDS, ZVerdict, ZVerdictFile, type TVerdictFile } from "./rubric/schema";
import { unknownFields } from "./silo/checks";
import type { FileRejection, FormatModule, InputFile, JsonObject, ParseOptions, ParseResult } from "./types";

export { ZVerdict } from "./rubric/schema";
export { verdictPassed } from "./rubric/check";
export { NO_GRADED_REQUIRED_ITEM, NO_REQUIRED_ITEMS } from "./rubric/rollouts";

/** Records may be wrapped as `{"verdicts": [...]}` with run fields beside them. */
const WRAPPERS = ["verdicts"] as const;

/** A verdict file by content: records (an array, `{"verdicts": [...]}`, JSON lines or one object) with a rubric_id. */
function isVerdictFile(file: InputFile): boolean {
  if (!isRecordFileName(file.path) || !mayHoldKey(file, "rubric_id")) return false;
  const read = readRecords(file, WRAPPERS);
  return recordsSeen(read).some((r) => isJsonObject(r.value) && "rubric_id" in r.value);
}

function claim(files: readonly InputFile[]): InputFile[] {
  return files.filter(isVerdictFile);
}

type FileRead =
  { ok: true; items: VerdictItem[]; top: TVerdictFile | null; extras: JsonObject } | { ok: false; error: string };

function readVerdictFile(file: InputFile): FileRead {
  const read = readRecords(file, WRAPPERS);
  if (!read.ok) return read;
  const errors: string[] = [];
  let top: TVerdictFile | null = null;
  if (read.top) {
    const parsed = ZVerdictFile.safeParse(read.top);
    if (parsed.success) top = parsed.data;
    else errors.push(recordIssues({ value: read.top, where: "", prefix: [] }, parsed.error.issues));
  }
  const items: VerdictItem[] = [];
  for (const record of read.records) {
    if (!isJsonObject(record.value)) {
      errors.push(notAnObject(record, "a verdict record"));
      continue;
    }
    const parsed = ZVerdict.safeParse(record.value);
    if (parsed.success) items.push({ file, data: parsed.data, raw: record.value });
    else errors.push(recordIssues(record, parsed.error.issues));
  }
  if (errors.length > 0)
    return {
      ok: false,
      error: errors.slice(0, 3).join("; ") + (errors.length > 3 ? `; and ${errors.length - 3} more records` : ""),
    };
  if (items.length === 0) return { ok: false, error: "no verdict records" };
  return { ok: true, items, top, extras: read.top ? unknownFields(read.top, FILE_FIELDS) : {} };
}

function parse(files: readonly InputFile[], options: ParseOptions): ParseResult {
  const rejected: FileRejection[] = [];
  const items: VerdictItem[] = [];
  const tops: TVerdictFile[] = [];
  const metadata: JsonObject = {};
  for (const file of files) {
    const read = readVerdictFile(file);
    if (!read.ok) {
      rejected.push({ path: file.path, error: read.error });
      continue;
    }
    for (const item of read.items) items.push(item);
    if (read.top) tops.push(read.top);
    if (Object.keys(read.extras).length > 0) metadata[file.path] = read.extras;
  }
  if (items.length === 0) return { runs: [], rejected };

  const warnings: string[] = [];
  const named = tops.map((t) => t.name ?? t.run ?? null).find((n) => n !== null && n.trim() !== "");
  const run = assembleRun(groupVerdicts(items), {
    format: "rubric",
    name:
      options.runName?.trim() ||
      named ||
      deriveRunName(
        options,
        files.map((f) => f.path),
        "rubric verdicts",
      ),
    agent:
      options.agent ??
      agreed(
        tops.map((t) => t.agent ?? null),
        "agent",
        warnings,
      ),
    model:
      options.model ??
      agreed(
        tops.map((t) => t.model ?? null),
        "model",
        warnings,
      ),
    createdAt:
      tops
        .map((t) => isoTime(t.created_at))
        .filter((t): t is string => t !== null)
        .sort()[0] ?? null,
    passThreshold: 1,
    warnings,
    metadata,
  });
  return { runs: [run], rejected };
}

/**
 * Rubric verdict records (docs/formats.md): one check per record (key rubric_id), grouped into rollouts by task and
 * rollout; rule "checks" (passed = no graded required item failed; reward = mean item score).
 */
export const rubricFormat: FormatModule = { id: "rubric", claim, parse, detectKeys: ["rubric_id"] };
