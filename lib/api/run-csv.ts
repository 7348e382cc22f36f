import { MEASURE_KEYS, type MeasureKey } from "@/lib/scoring/core/measures";
import type { ExportRollout } from "@/lib/store/records";
import type { CsvCell } from "./csv";

/**
 * Each measure's column: every measure key, whether or not the run records it, so the header is the same for
 * every run; an empty cell is "not recorded", never 0.
 */
const MEASURE_COLUMNS = {
  durationMs: "rollout_duration_ms",
  agentMs: "rollout_agent_ms",
  inputTokens: "rollout_input_tokens",
  outputTokens: "rollout_output_tokens",
  cachedTokens: "rollout_cached_tokens",
  tokens: "rollout_tokens",
  costUsd: "rollout_cost_usd",
  toolCalls: "rollout_tool_calls",
  toolErrors: "rollout_tool_errors",
  steps: "rollout_steps",
} as const satisfies Record<MeasureKey, string>;

export const RUN_CSV_HEADER = [
  "run",
  "task",
  "group",
  "rollout",
  "rollout_status",
  "rollout_passed",
  "rollout_reward",
  "rollout_error_type",
  "rollout_error",
  ...MEASURE_KEYS.map((k) => MEASURE_COLUMNS[k]),
  "check_key",
  "check_label",
  "check_required",
  "check_dimension",
  "check_status",
  "check_passed",
  "check_score",
  "check_detail",
  "failure_tag",
] as const;

/**
 * One row per (rollout, check), the rollout's fields and measures repeated on each; a rollout without checks
 * still gets one row with empty check cells.
 */
export function runCsvRows(runName: string, rollouts: readonly ExportRollout[]): CsvCell[][] {
  const rows: CsvCell[][] = [[...RUN_CSV_HEADER]];
  for (const r of rollouts) {
    const head: CsvCell[] = [
      runName,
      r.taskKey,
      r.group,
      r.rolloutId,
      r.status,
      r.passed,
      r.reward,
      r.errorCategory,
      r.error,
      ...MEASURE_KEYS.map((k) => r.measures[k]),
    ];
    if (r.checks.length === 0) rows.push([...head, ...Array<null>(9).fill(null)]);
    for (const c of r.checks) {
      rows.push([
        ...head,
        c.key,
        c.label,
        c.required,
        c.dimension,
        c.status,
        c.passed,
        c.score,
        c.detail,
        c.failureTag,
      ]);
    }
  }
  return rows;
}
