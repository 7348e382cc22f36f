import { z } from "zod";
import type { Report, RolloutReport, TaskReport } from "@/lib/scoring/report/report-types";
import { ApiError, zodDetails } from "./errors";

/*
 * GET /api/runs/:id/report's lists in pages. A 100,000-rollout run's report is tens of MB, nearly all of it
 * `tasks[]` and `rollouts[]`: `?rollouts=0` answers the report without them (their sizes in `lists`), and
 * `?list=tasks|rollouts&limit=N[&cursor=C]` one page of one list, in the report's order. A cursor names the
 * last item given (task key or rollout id), so the next page starts after that item even if the run gained
 * rollouts in between; with no parameter the report is whole, as `tally score --json` prints it.
 */

export const REPORT_PAGE_LIMIT = 500;
export const REPORT_PAGE_MAX = 5_000;

const ZReportQuery = z
  .object({
    rollouts: z.literal("0").optional(),
    list: z.enum(["tasks", "rollouts"]).optional(),
    cursor: z.string().min(1).optional(),
    limit: z.coerce.number().int().min(1).max(REPORT_PAGE_MAX).optional(),
  })
  .refine((q) => q.list !== undefined || (q.cursor === undefined && q.limit === undefined), {
    message: "cursor and limit page a list: add list=tasks or list=rollouts.",
    path: ["list"],
  })
  .refine((q) => q.list === undefined || q.rollouts === undefined, {
    message: "rollouts=0 and list= ask for different answers: give one.",
    path: ["rollouts"],
  });

export type ReportQuery =
  | { kind: "whole" }
  | { kind: "summary" }
  | { kind: "page"; list: "tasks" | "rollouts"; cursor: string | undefined; limit: number };

export function parseReportQuery(params: URLSearchParams): ReportQuery {
  const { scenario: _, ...rest } = Object.fromEntries(params);
  const q = ZReportQuery.safeParse(rest);
  if (!q.success) throw new ApiError("malformed", "Invalid report query.", zodDetails(q.error));
  if (q.data.list)
    return { kind: "page", list: q.data.list, cursor: q.data.cursor, limit: q.data.limit ?? REPORT_PAGE_LIMIT };
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

const ZCursor = z.tuple([z.enum(["tasks", "rollouts"]), z.number().int().min(0), z.string()]);

function cursorOf(list: "tasks" | "rollouts", index: number, key: string): string {
  return Buffer.from(JSON.stringify([list, index, key])).toString("base64url");
}

/** Where the page after `cursor` starts: just after the item it names (looked up at its index first). */
function startAfter(list: "tasks" | "rollouts", cursor: string, keys: (i: number) => string | undefined, n: number) {
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
  const { list, limit } = query;
  const items: readonly (TaskReport | RolloutReport)[] = list === "tasks" ? report.tasks : report.rollouts;
  const key = (i: number) => {
    const item = items[i];
    return item === undefined ? undefined : "key" in item ? item.key : item.id;
  };
  const start = query.cursor === undefined ? 0 : startAfter(list, query.cursor, key, items.length);
  const end = Math.min(items.length, start + limit);
  const next = end < items.length ? cursorOf(list, end - 1, key(end - 1)!) : null;
  return { list, total: items.length, limit, items: items.slice(start, end), next } as
    ReportPage<TaskReport> | ReportPage<RolloutReport>;
}
