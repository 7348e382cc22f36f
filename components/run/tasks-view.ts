import { z } from "zod";
import { firstValues, type UrlCodec } from "@/components/url-state/url-codec";
import type { Diagnosis } from "@/lib/scoring/core/task-summary";
import type { SortDirection } from "@/lib/scoring/view/sort-rows";

/**
 * The run page's tasks table state as it lives in the URL (`/runs/x?q=checkout&sort=passRate&dir=desc&page=2`),
 * beside the what-if `scenario` parameter, which it keeps.
 */

export interface TasksView {
  /** Free text matched against task key, name and group. */
  q: string;
  /** A column id of the tasks table; null: the default order (task key, ascending). */
  sort: string | null;
  dir: SortDirection;
  /** 1-based; clamped to the last page when rendering. */
  page: number;
  /** Only the tasks with this diagnosis; null: every task. */
  diagnosis: Diagnosis | null;
}

export const DIAGNOSES = ["solid", "unreliable", "never-passes", "unscored"] as const satisfies readonly Diagnosis[];

export const DEFAULT_TASKS_VIEW: TasksView = { q: "", sort: null, dir: "asc", page: 1, diagnosis: null };

/** Whether the table shows its default view, the page the server's first screen holds. */
export const isDefaultTasksView = (v: TasksView) =>
  v.q.trim() === "" && v.sort === null && v.page === DEFAULT_TASKS_VIEW.page && v.diagnosis === null;

const MAX_QUERY = 200;

const ZTasksView = z
  .object({
    q: z
      .string()
      .transform((q) => q.slice(0, MAX_QUERY))
      .catch(""),
    sort: z
      .string()
      .regex(/^[A-Za-z][\w:.-]{0,99}$/)
      .nullable()
      .catch(null),
    dir: z.enum(["asc", "desc"]).catch("asc"),
    page: z
      .string()
      .regex(/^[1-9]\d{0,6}$/)
      .transform(Number)
      .catch(1),
    diagnosis: z.enum(DIAGNOSES).nullable().catch(null),
  })
  // A direction means nothing without a sort column.
  .transform((v): TasksView => ({ ...v, dir: v.sort === null ? "asc" : v.dir }));

export function parseTasksView(params: URLSearchParams): TasksView {
  return ZTasksView.parse(firstValues(params, ["q", "sort", "dir", "page", "diagnosis"]));
}

/** `search`'s parameters (the scenario and anything else, kept in their order) with `view`'s written over them. */
function writeTasksView(view: TasksView, search: URLSearchParams): string {
  const params = new URLSearchParams(search);
  const set = (key: string, value: string | null) => (value === null ? params.delete(key) : params.set(key, value));
  set("q", view.q.trim() === "" ? null : view.q);
  set("sort", view.sort);
  set("dir", view.sort === null ? null : view.dir);
  set("page", view.page > 1 ? String(view.page) : null);
  set("diagnosis", view.diagnosis);
  // Column ids like "metric:correctness" stay readable.
  return params.toString().replace(/%3A/gi, ":");
}

export const tasksViewCodec: UrlCodec<TasksView> = { parse: parseTasksView, write: writeTasksView };
