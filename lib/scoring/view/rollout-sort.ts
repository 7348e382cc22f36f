import { MEASURE_KEYS, type MeasureKey } from "../core/measures";
import type { RolloutReport } from "../report/report-types";
import { sortRows, type SortDirection } from "./sort-rows";

/*
 * The order of a run's rollouts list, one spelling for the report API (`?list=rollouts&sort=-tokens`) and the
 * rollouts page (`/runs/x/rollouts?sort=-tokens`): a field, with "-" before it for descending. Nulls (no reward,
 * a measure not recorded) stay last in both directions, so the top spender is first whether or not it was scored.
 */

export const ROLLOUT_SORT_KEYS = ["id", "task", "reward", ...MEASURE_KEYS] as const;
export type RolloutSortKey = (typeof ROLLOUT_SORT_KEYS)[number];

export interface RolloutSort {
  key: RolloutSortKey;
  dir: SortDirection;
}

const KEYS: ReadonlySet<string> = new Set(ROLLOUT_SORT_KEYS);

/** `"-tokens"` → tokens descending, `"reward"` → reward ascending; null for anything else. */
export function parseRolloutSort(text: string): RolloutSort | null {
  const dir = text.startsWith("-") ? "desc" : "asc";
  const key = dir === "desc" ? text.slice(1) : text;
  return KEYS.has(key) ? { key: key as RolloutSortKey, dir } : null;
}

/** The parameter's text for `sort`: parseRolloutSort(rolloutSortText(s)) is `s`. */
export function rolloutSortText(sort: RolloutSort): string {
  return `${sort.dir === "desc" ? "-" : ""}${sort.key}`;
}

/** The direction a list is first sorted in by a field: figures high first (the most spent), names A to Z. */
export function firstDirection(key: RolloutSortKey): SortDirection {
  return key === "id" || key === "task" ? "asc" : "desc";
}

const isMeasure = (key: RolloutSortKey): key is MeasureKey => key !== "id" && key !== "task" && key !== "reward";

type Sortable = Pick<RolloutReport, "id" | "task" | "reward"> & {
  measures: Readonly<Record<MeasureKey, number | null>>;
};

/** A stable sort of rollouts by one field; ties keep the input (report) order, nulls last both ways. */
export function sortRollouts<T extends Sortable>(rows: readonly T[], sort: RolloutSort): T[] {
  const { key } = sort;
  const value = isMeasure(key) ? (r: T) => r.measures[key] : (r: T) => r[key];
  return sortRows(rows, value, sort.dir);
}
