import type { CheckStatus, ScoringCheck, ScoringRollout, ScoringRun, VerdictRule } from "@/lib/scoring/core/types";
import { MEASURE_KEYS, measuresOf, type Measures } from "@/lib/scoring/core/measures";
import { unscoredReasonOf } from "@/lib/scoring/core/unscored-reason";

/*
 * Raw rows of the scoring read (rules/rollouts.ts loadScoringRun) to the scoring shape. The raw values differ by
 * database: SQLite gives booleans as 0/1 and JSON as text, PostgreSQL booleans and JSON parsed; the converters
 * accept both.
 */

export type RawRow = Record<string, unknown>;

const bool = (v: unknown): boolean => v === true || v === 1 || v === 1n || v === "1" || v === "true" || v === "t";
const boolOrNull = (v: unknown): boolean | null => (v === null || v === undefined ? null : bool(v));
const num = (v: unknown): number => (typeof v === "number" ? v : Number(v));
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : num(v));
const strOrNull = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  if (typeof v === "string") return v;
  return typeof v === "number" || typeof v === "bigint" || typeof v === "boolean" ? String(v) : JSON.stringify(v);
};

/** A JSON column: text on SQLite (parsed here), already parsed on PostgreSQL. */
function json<T>(v: unknown, fallback: T): T {
  if (v === null || v === undefined) return fallback;
  if (typeof v === "string") {
    try {
      return (JSON.parse(v) ?? fallback) as T;
    } catch {
      return fallback;
    }
  }
  return v as T;
}

/** The columns of a check scoring reads, in the order toScoringCheck takes them. */
export const CHECK_FIELDS = [
  "key",
  "label",
  "passed",
  "score",
  "required",
  "dimension",
  "status",
  "weight",
  "failureTag",
] as const;

export function toScoringCheck([
  key,
  label,
  passed,
  score,
  required,
  dimension,
  status,
  weight,
  failureTag,
]: unknown[]): ScoringCheck {
  return {
    key: key as string,
    label: label as string,
    passed: boolOrNull(passed),
    score: numOrNull(score),
    required: bool(required),
    dimension: dimension as string,
    status: status as CheckStatus,
    weight: numOrNull(weight),
    failureTag: strOrNull(failureTag),
  };
}

/** The columns of a run and of its tasks scoringRunHead reads. */
export const RUN_COLUMNS = `"name", "format", "passThreshold", "warnings", "regrades"`;
export const TASK_COLUMNS = `"id", "key", "taskId", "name", "group", "weight"`;
export const ROLLOUT_COLUMNS =
  `r."id", r."taskRef", r."rolloutId", r."status", r."rule", r."reportedPassed", r."reportedReward", r."penalties", r."gate", r."sourcePath", r."warnings", ` +
  `r."errorCategory", CASE WHEN r."error" IS NOT NULL AND length(trim(r."error")) > 0 THEN 1 ELSE 0 END AS "hasError", ` +
  MEASURE_KEYS.map((k) => `r."${k}"`).join(", ");

/** Why an unscored rollout row is unscored (as a parsed rollout's view says it). */
function unscoredReasonOfRow(r: RawRow, checks: readonly ScoringCheck[]): { unscoredReason?: string } {
  if (r.status !== "unscored") return {};
  const reason = unscoredReasonOf({
    status: "unscored",
    errorCategory: strOrNull(r.errorCategory),
    error: bool(r.hasError) ? "error" : null,
    warnings: json(r.warnings, [] as string[]),
    anyGraded: checks.some((c) => c.status === "graded"),
  });
  return reason === null ? {} : { unscoredReason: reason };
}

/** A rollout row's measure columns (absent when none is recorded, as a parsed rollout's view). */
function measuresOfRow(r: RawRow): { measures?: Measures } {
  const measures = measuresOf(Object.fromEntries(MEASURE_KEYS.map((k) => [k, numOrNull(r[k])])));
  return Object.keys(measures).length > 0 ? { measures } : {};
}

/** The run's scoring fields but its rollouts, from its row and its tasks' rows. */
export function scoringRunHead(run: RawRow, tasks: readonly RawRow[]): Omit<ScoringRun, "rollouts"> {
  return {
    name: run.name as string,
    format: run.format as string,
    passThreshold: num(run.passThreshold),
    warnings: json(run.warnings, [] as string[]),
    regrades: json(run.regrades, [] as NonNullable<ScoringRun["regrades"]>),
    tasks: tasks.map((t) => ({
      key: t.key as string,
      taskId: t.taskId as string,
      name: strOrNull(t.name),
      group: strOrNull(t.group),
      weight: num(t.weight),
    })),
  };
}

/** Task row id → task key, what toScoringRollout needs of the tasks. */
export function taskKeysOf(tasks: readonly RawRow[]): ReadonlyMap<string, string> {
  return new Map(tasks.map((t) => [t.id as string, t.key as string]));
}

/** One rollout row (ROLLOUT_COLUMNS) as scoring reads it. */
export function toScoringRollout(
  r: RawRow,
  taskKey: ReadonlyMap<string, string>,
  checksOf: (rollout: RawRow) => ScoringCheck[],
): ScoringRollout {
  const checks = checksOf(r);
  return {
    id: r.rolloutId as string,
    task: taskKey.get(r.taskRef as string) ?? "",
    status: r.status === "unscored" ? "unscored" : "scored",
    rule: r.rule as VerdictRule,
    reportedPassed: boolOrNull(r.reportedPassed),
    reportedReward: numOrNull(r.reportedReward),
    penalties: num(r.penalties),
    gate: strOrNull(r.gate),
    checks,
    source: r.sourcePath as string,
    warnings: json(r.warnings, [] as string[]),
    ...measuresOfRow(r),
    ...unscoredReasonOfRow(r, checks),
  };
}
