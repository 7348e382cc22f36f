import type { SortDirection } from "./sort-rows";

/**
 * The run page's tasks table state as it lives in the URL (`/runs/x?q=checkout&sort=passRate&dir=desc&page=2`),
 * beside the what-if `scenario` parameter. Defaults are left out of the URL; a malformed value falls back to
 * the default instead of failing the page.
 */

export interface TasksView {
  /** Free text matched against task key, name and group. */
  q: string;
  /** A column id of the tasks table; null: the default order (task key, ascending). */
  sort: string | null;
  dir: SortDirection;
  /** 1-based; clamped to the last page when rendering. */
  page: number;
}

export const DEFAULT_TASKS_VIEW: TasksView = { q: "", sort: null, dir: "asc", page: 1 };
export const TASKS_PAGE_SIZE = 50;

const MAX_QUERY = 200;
const SORT_ID = /^[A-Za-z][\w:.-]{0,99}$/;

export function parseTasksView(params: URLSearchParams): TasksView {
  const q = (params.get("q") ?? "").slice(0, MAX_QUERY);
  const sortParam = params.get("sort");
  const sort = sortParam !== null && SORT_ID.test(sortParam) ? sortParam : null;
  const dir: SortDirection = sort !== null && params.get("dir") === "desc" ? "desc" : "asc";
  const pageParam = params.get("page") ?? "";
  const page = /^[1-9]\d{0,6}$/.test(pageParam) ? Number(pageParam) : 1;
  return { q, sort, dir, page };
}

/**
 * `path` with `search`'s parameters (the scenario and anything else kept in their order) and `view`'s
 * written over them.
 */
export function tasksViewHref(path: string, search: string, view: TasksView): string {
  const params = new URLSearchParams(search);
  const set = (key: string, value: string | null) => (value === null ? params.delete(key) : params.set(key, value));
  set("q", view.q.trim() === "" ? null : view.q);
  set("sort", view.sort);
  set("dir", view.sort === null ? null : view.dir);
  set("page", view.page > 1 ? String(view.page) : null);
  // Column ids like "metric:correctness" stay readable.
  const query = params.toString().replace(/%3A/gi, ":");
  return query === "" ? path : `${path}?${query}`;
}
