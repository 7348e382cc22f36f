import { z } from "zod";
import type { Report, RolloutReport, TaskReport } from "@/lib/scoring/report/report-types";
import { rolloutSortText, sortRollouts, type RolloutSort } from "@/lib/scoring/view/rollout-sort";
import { count } from "@/lib/scoring/core/numbers";
import { ApiError, zodDetails } from "./errors";
import { ZReportQuery } from "./schemas/report";

/*
 * GET /api/runs/:id/report's lists in pages. A 100,000-rollout run's report is tens of MB, nearly all of it
 * `tasks[]` and `rollouts[]`: `?rollouts=0` answers the report without them (their sizes in `lists`), and
 * `?list=tasks|rollouts&limit=N[&cursor=C]` one page of one list, in the report's order. A cursor names the
 * last item given (task key or rollout id), so the next page starts after that item even if the run gained
 * rollouts in between; with no parameter the report is whole, as `tally score --json` prints it. `sort` orders
 * the rollouts list by a field (`sort=-tokens`: the top spender first, scored or not; lib/scoring/view/rollout-sort.ts),
 * and a cursor holds the order it was given in.
 */

export const REPORT_PAGE_LIMIT = 500;

/**
 * The most rollouts a report is answered whole with. Its JSON is ~700 bytes a rollout: at 100,000, 69 MB
 * (2 s, the server's peak 672 MB); at 1,000,000 it would pass the longest string V8 makes, and the server held
 * 3.2 GB before failing. A larger run's report is asked for without its lists and its lists a page at a time.
 */
export const WHOLE_REPORT_MAX_ROLLOUTS = 100_000;

/**
 * Refuses a whole report of a run past WHOLE_REPORT_MAX_ROLLOUTS. `rollouts`: the run's stored count, read
 * before the report is scored, so a refused request costs one count.
 */
export function checkWholeReport(runId: string, rollouts: number): void {
  if (rollouts <= WHOLE_REPORT_MAX_ROLLOUTS) return;
  throw new ApiError(
    "too_large",
    `Run ${runId} has ${count(rollouts)} rollouts: its report is answered whole up to ` +
      `${count(WHOLE_REPORT_MAX_ROLLOUTS)}. Ask for ?rollouts=0 (the report without its ` +
      `lists), then ?list=tasks or ?list=rollouts with &limit and &cursor (the lists a page at a time).`,
    { rollouts, limit: WHOLE_REPORT_MAX_ROLLOUTS },
  );
}

export type ReportQuery =
  | { kind: "whole" }
  | { kind: "summary" }
  | {
      kind: "page";
      list: "tasks" | "rollouts";
      cursor: string | undefined;
      limit: number;
      /** The rollouts list's order; null: the report's. */
      sort: RolloutSort | null;
    };

export function parseReportQuery(params: URLSearchParams): ReportQuery {
  const { scenario: _, ...rest } = Object.fromEntries(params);
  const q = ZReportQuery.safeParse(rest);
  if (!q.success) throw new ApiError("malformed", "Invalid report query.", zodDetails(q.error));
  if (q.data.list)
    return {
      kind: "page",
      list: q.data.list,
      cursor: q.data.cursor,
      limit: q.data.limit ?? REPORT_PAGE_LIMIT,
      sort: q.data.sort ?? null,
    };
  return q.data.rollouts === "0" ? { kind: "summary" } : { kind: "whole" };
}

export type ReportSummary = Omit<Report, "tasks" | "rollouts"> & {
  lists: { tasks: { total: number }; rollouts: { total: number } };
};

/** The report without its per-task and per-rollout lists. */
export function reportSummary(report: Report): ReportSummary {
  const { tasks, rollouts, ...rest } = report;
  return { ...rest, lists: { tasks: { total: tasks.length }, rollouts: { total: rollouts.length } } };
}

export interface ReportPage<T> {
  list: "tasks" | "rollouts";
  total: number;
  limit: number;
  items: T[];
  /** The cursor of the next page; null after the last. */
  next: string | null;
}

/** [list, index of the last item given, its key, the order ("" for the report's)]. */
const ZCursor = z.union([
  z.tuple([z.enum(["tasks", "rollouts"]), z.number().int().min(0), z.string()]),
  z.tuple([z.enum(["tasks", "rollouts"]), z.number().int().min(0), z.string(), z.string()]),
]);

function cursorOf(list: "tasks" | "rollouts", index: number, key: string, order: string): string {
  const parts = order === "" ? [list, index, key] : [list, index, key, order];
  return Buffer.from(JSON.stringify(parts)).toString("base64url");
}

/** Where the page after `cursor` starts: just after the item it names (looked up at its index first). */
function startAfter(
  list: "tasks" | "rollouts",
  order: string,
  cursor: string,
  keys: (i: number) => string | undefined,
  n: number,
) {
  let parsed: z.infer<typeof ZCursor> | undefined;
  try {
    const c = ZCursor.safeParse(JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")));
    if (c.success) parsed = c.data;
  } catch {
    parsed = undefined;
  }
  if (!parsed || parsed[0] !== list)
    throw new ApiError("malformed", `Not a cursor of list=${list}.`, [{ path: "cursor", message: "unreadable" }]);
  const [, index, key] = parsed;
  if ((parsed[3] ?? "") !== order)
    throw new ApiError("malformed", "The cursor pages the list in another order: give the sort it was given with.", [
      { path: "cursor", message: `of sort=${parsed[3] ?? "(none)"}` },
    ]);
  if (keys(index) === key) return index + 1;
  for (let i = 0; i < n; i++) if (keys(i) === key) return i + 1;
  throw new ApiError("invalid", "The cursor names an item that is no longer in the report: start again.", [
    { path: "cursor", message: "not found" },
  ]);
}

export function reportPage(
  report: Report,
  query: Extract<ReportQuery, { kind: "page" }>,
): ReportPage<TaskReport> | ReportPage<RolloutReport> {
  const { list, limit, sort } = query;
  const rollouts = sort === null ? report.rollouts : sortRollouts(report.rollouts, sort);
  const items: readonly (TaskReport | RolloutReport)[] = list === "tasks" ? report.tasks : rollouts;
  const order = sort === null ? "" : rolloutSortText(sort);
  const key = (i: number) => {
    const item = items[i];
    return item === undefined ? undefined : "key" in item ? item.key : item.id;
  };
  const start = query.cursor === undefined ? 0 : startAfter(list, order, query.cursor, key, items.length);
  const end = Math.min(items.length, start + limit);
  const next = end < items.length ? cursorOf(list, end - 1, key(end - 1)!, order) : null;
  return { list, total: items.length, limit, items: items.slice(start, end), next } as
    ReportPage<TaskReport> | ReportPage<RolloutReport>;
}
