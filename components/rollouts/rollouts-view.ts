import { z } from "zod";
import { firstValues, searchParamsOf, type ParamSource } from "@/components/url-state/url-codec";
import type { MeasureKey } from "@/lib/scoring/core/measures";
import { parseRolloutSort, rolloutSortText, sortRollouts, type RolloutSort } from "@/lib/scoring/view/rollout-sort";
import { SEARCH_LIMITS } from "@/lib/traces/search-limits";
import { ROLLOUT_STATUSES, type RolloutRow, type RolloutStatus } from "@/lib/views/rollout-list";

/**
 * The run's rollouts list as it lives in the URL (`/runs/x/rollouts?status=unscored&reason=RuntimeError`,
 * `?sort=-tokens`: the order spelled as the report API spells it), beside the what-if `scenario` parameter,
 * which it keeps.
 */

export interface RolloutsView {
  status: RolloutStatus | null;
  /** An unscored reason (lib/scoring/core/unscored-reason.ts); it implies status unscored. */
  reason: string | null;
  /** A failure group's id (FailureGroup.id): the group's rollouts only. */
  failure: string | null;
  /** Words the rollout's trace must hold in one step (docs/traces.md#search): matching rollouts only. */
  trace?: string | null;
  /** 1-based; clamped to the last page when rendering. */
  page: number;
  /** null: the report's order (by task, then rollout). */
  sort: RolloutSort | null;
}

export const ROLLOUTS_PAGE_SIZE = 100;

const ZRolloutsView = z
  .object({
    status: z.enum(ROLLOUT_STATUSES).nullable().catch(null),
    reason: z.string().trim().min(1).max(200).nullable().catch(null),
    failure: z
      .string()
      .regex(/^[0-9a-f]{8}$/)
      .nullable()
      .catch(null),
    page: z
      .string()
      .regex(/^[1-9]\d{0,6}$/)
      .transform(Number)
      .catch(1),
    sort: z
      .string()
      .nullable()
      .transform((text) => (text === null ? null : parseRolloutSort(text)))
      .catch(null),
    trace: z.string().trim().min(1).max(SEARCH_LIMITS.query).nullable().catch(null),
  })
  .transform((v): RolloutsView => ({ ...v, status: v.reason !== null ? "unscored" : v.status }));

export function parseRolloutsView(source: ParamSource): RolloutsView {
  return ZRolloutsView.parse({
    status: null,
    reason: null,
    failure: null,
    sort: null,
    trace: null,
    ...firstValues(searchParamsOf(source), ["status", "reason", "failure", "page", "sort", "trace"]),
  });
}

/**
 * The rows the view shows, in its order: filtered by status, reason, failure group and, when the view names
 * trace words, the ids of the rollouts whose trace holds them (`traceMatches`), then sorted (nulls last).
 */
export function filterRollouts(
  rows: readonly RolloutRow[],
  view: RolloutsView,
  traceMatches: ReadonlySet<string> | null = null,
): RolloutRow[] {
  const shown = rows.filter(
    (r) =>
      (view.status === null || r.status === view.status) &&
      (view.reason === null || r.reason === view.reason) &&
      (view.failure === null || r.failureGroup === view.failure) &&
      (!view.trace || traceMatches === null || traceMatches.has(r.id)),
  );
  return view.sort === null ? shown : sortRollouts(shown, view.sort);
}

/** The measures some rollout of the run records, in `order`: the list's measure columns. */
export function recordedMeasures(rows: readonly RolloutRow[], order: readonly MeasureKey[]): MeasureKey[] {
  return order.filter((m) => rows.some((r) => r.measures[m] !== null));
}

export function statusCounts(rows: readonly RolloutRow[]): Record<RolloutStatus, number> {
  const counts: Record<RolloutStatus, number> = { pass: 0, fail: 0, unscored: 0 };
  for (const r of rows) counts[r.status] += 1;
  return counts;
}

/** The query string (no "?") for `view`, the scenario kept first; defaults are left out. */
export function writeRolloutsView(view: RolloutsView, scenarioParam: string | null): string {
  const params = new URLSearchParams();
  if (scenarioParam !== null && scenarioParam.trim() !== "") params.set("scenario", scenarioParam);
  if (view.failure !== null) params.set("failure", view.failure);
  if (view.trace) params.set("trace", view.trace);
  if (view.reason !== null) params.set("reason", view.reason);
  else if (view.status !== null) params.set("status", view.status);
  if (view.sort !== null) params.set("sort", rolloutSortText(view.sort));
  if (view.page > 1) params.set("page", String(view.page));
  return params.toString();
}
