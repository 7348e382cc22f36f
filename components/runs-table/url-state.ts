/**
 * The runs list's view state as it lives in the URL (`/?q=silo&sort=passRate&dir=desc&selected=a,b`).
 * Defined once: the server page parses it to render the first paint, the client table parses and writes it.
 * Unknown or malformed values fall back to the default instead of failing the page.
 */

export const RUN_SORT_KEYS = [
  "name",
  "agent",
  "model",
  "format",
  "date",
  "tasks",
  "rollouts",
  "passRate",
  "meanReward",
  "headline",
  "warnings",
] as const;

export type RunSortKey = (typeof RUN_SORT_KEYS)[number];
export type SortDir = "asc" | "desc";

export interface RunsView {
  /** Free text matched against name, agent, model and format. */
  q: string;
  /** null: the order the server lists runs in (newest ingest first). */
  sort: RunSortKey | null;
  dir: SortDir;
  /** Selected run ids, in the order they were picked (the compare link keeps it). */
  selected: string[];
}

export const DEFAULT_RUNS_VIEW: RunsView = { q: "", sort: null, dir: "asc", selected: [] };

const MAX_QUERY = 200;
const MAX_SELECTED = 20;

type ParamSource = URLSearchParams | Record<string, string | string[] | undefined>;

function first(params: ParamSource, key: string): string | undefined {
  if (params instanceof URLSearchParams) return params.get(key) ?? undefined;
  const value = params[key];
  return Array.isArray(value) ? value[0] : value;
}

function isSortKey(value: string | undefined): value is RunSortKey {
  return (RUN_SORT_KEYS as readonly string[]).includes(value ?? "");
}

export function parseRunsView(params: ParamSource): RunsView {
  const q = (first(params, "q") ?? "").slice(0, MAX_QUERY);
  const sortParam = first(params, "sort");
  const sort = isSortKey(sortParam) ? sortParam : null;
  const dir: SortDir = sort !== null && first(params, "dir") === "desc" ? "desc" : "asc";
  const ids = (first(params, "selected") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const selected = [...new Set(ids)].slice(0, MAX_SELECTED);
  return { q, sort, dir, selected };
}

/** The query string for a view, defaults left out, keys in a fixed order ("" for the default view). */
export function serializeRunsView(view: RunsView): string {
  const params = new URLSearchParams();
  if (view.q.trim() !== "") params.set("q", view.q);
  if (view.sort !== null) {
    params.set("sort", view.sort);
    params.set("dir", view.dir);
  }
  if (view.selected.length > 0) params.set("selected", view.selected.join(","));
  // Keep commas readable: run ids never contain one, and URLSearchParams would write %2C.
  return params.toString().replace(/%2C/gi, ",");
}

export function runsViewHref(view: RunsView, pathname = "/"): string {
  const query = serializeRunsView(view);
  return query ? `${pathname}?${query}` : pathname;
}

/** The compare page link for the selected runs, in the order they were picked. */
export function compareHref(selected: readonly string[]): string {
  return `/compare?runs=${selected.map(encodeURIComponent).join(",")}`;
}
