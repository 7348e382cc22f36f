import { z } from "zod";
import { ZTag } from "@/lib/run-tags";
import { ZSeriesName } from "@/lib/run-series";
import { firstValues, searchParamsOf, type ParamSource, type UrlCodec } from "@/components/url-state/url-codec";

/**
 * The runs list's view state as it lives in the URL (`/?q=silo&tag=nightly&sort=passRate&dir=desc&selected=a,b`).
 * The runs list owns its whole query string.
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
  "completion",
  "correctness",
  "meanReward",
  "warnings",
  "costUsd",
  "tokens",
  "durationMs",
] as const;

export type RunSortKey = (typeof RUN_SORT_KEYS)[number];
export type SortDir = "asc" | "desc";

export interface RunsView {
  /** Free text matched against what a row shows: names, tags, counts and figures (run-figures.ts). */
  q: string;
  /** Only the runs with this tag; null for every run. */
  tag: string | null;
  /** Only the runs of this series; null for every run. */
  series: string | null;
  /** null: the order the server lists runs in (newest ingest first). */
  sort: RunSortKey | null;
  dir: SortDir;
  /** Selected run ids, in the order they were picked (the compare link keeps it). */
  selected: string[];
}

export const DEFAULT_RUNS_VIEW: RunsView = { q: "", tag: null, series: null, sort: null, dir: "asc", selected: [] };

const MAX_QUERY = 200;
const MAX_SELECTED = 20;

const ZRunsView = z
  .object({
    q: z
      .string()
      .transform((q) => q.slice(0, MAX_QUERY))
      .catch(""),
    tag: ZTag.nullable().catch(null),
    series: ZSeriesName.nullable().catch(null),
    sort: z.enum(RUN_SORT_KEYS).nullable().catch(null),
    dir: z.enum(["asc", "desc"]).catch("asc"),
    selected: z
      .string()
      .transform((ids) =>
        [
          ...new Set(
            ids
              .split(",")
              .map((s) => s.trim())
              .filter(Boolean),
          ),
        ].slice(0, MAX_SELECTED),
      )
      .catch([]),
  })
  // A direction means nothing without a sort column.
  .transform((v): RunsView => ({
    ...v,
    tag: v.tag ?? null,
    series: v.series ?? null,
    dir: v.sort === null ? "asc" : v.dir,
  }));

export function parseRunsView(source: ParamSource): RunsView {
  return ZRunsView.parse(firstValues(searchParamsOf(source), ["q", "tag", "series", "sort", "dir", "selected"]));
}

export function isRunSortKey(id: string): id is RunSortKey {
  return (RUN_SORT_KEYS as readonly string[]).includes(id);
}

/** The query string for a view, defaults left out, keys in a fixed order ("" for the default view). */
export function serializeRunsView(view: RunsView): string {
  const params = new URLSearchParams();
  if (view.q.trim() !== "") params.set("q", view.q);
  if (view.tag !== null) params.set("tag", view.tag);
  if (view.series !== null) params.set("series", view.series);
  if (view.sort !== null) {
    params.set("sort", view.sort);
    params.set("dir", view.dir);
  }
  if (view.selected.length > 0) params.set("selected", view.selected.join(","));
  // Keep commas readable: run ids never contain one, and URLSearchParams would write %2C.
  return params.toString().replace(/%2C/gi, ",");
}

export const runsViewCodec: UrlCodec<RunsView> = { parse: parseRunsView, write: serializeRunsView };

/** The compare page link for the selected runs, in the order they were picked. */
export function compareHref(selected: readonly string[]): string {
  return `/compare?runs=${selected.map(encodeURIComponent).join(",")}`;
}
