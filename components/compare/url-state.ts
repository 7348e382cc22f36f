/**
 * The compare page's view state as it lives in the URL
 * (`/compare?runs=a,b,c&a=b&metric=correctness&filter=changed&sort=abs&dir=desc`). Read by the server page;
 * every link on the page is built from it. Malformed values fall back to the default instead of failing. `runs`,
 * `a` and `metric` are the compare parameters of lib/compare/query.ts, shared with the API.
 */
import { apiUrls } from "@/lib/api/client-routes";
import { METRIC_NAME, zFdr } from "@/lib/compare/query";
import { DEFAULT_FDR } from "@/lib/scoring/series/false-discovery";
import { parseRunIds } from "@/lib/scoring/report/compare-order";
import type { SortDir, TaskSort } from "@/lib/scoring/view/compare-table";

export interface CompareView {
  /** Run ids as listed. */
  runs: string[];
  /** Explicit A (the swap link sets it); otherwise the baseline run, else the first listed. */
  a: string | null;
  /** Metric of the per-task values; null = completion (the task's pass rate). */
  metric: string | null;
  changedOnly: boolean;
  sort: TaskSort;
  dir: SortDir;
  /** Page of the per-task table, 1-based (clamped to the last page when rendered). */
  page: number;
  /** The what-if scenario both runs are scored under: the `scenario` parameter as given (JSON), null for none. */
  scenario: string | null;
  /** False discovery rate of the per-task tests (`fdr`); null = 0.05. */
  fdr: number | null;
}

export const DEFAULT_SORT: TaskSort = "delta";
export const DEFAULT_DIR: SortDir = "asc";

type ParamSource = URLSearchParams | Record<string, string | string[] | undefined>;

function first(params: ParamSource, key: string): string | undefined {
  if (params instanceof URLSearchParams) return params.get(key) ?? undefined;
  const value = params[key];
  return Array.isArray(value) ? value[0] : value;
}

function fdrOf(raw: string | undefined): number | null {
  const parsed = zFdr.safeParse(raw);
  return raw !== undefined && parsed.success && parsed.data !== DEFAULT_FDR ? parsed.data : null;
}

export function parseCompareView(params: ParamSource): CompareView {
  const sortParam = first(params, "sort");
  const sort: TaskSort = sortParam === "key" || sortParam === "abs" || sortParam === "delta" ? sortParam : DEFAULT_SORT;
  const dirParam = first(params, "dir");
  const dir: SortDir = dirParam === "asc" || dirParam === "desc" ? dirParam : DEFAULT_DIR;
  const metric = first(params, "metric");
  const pageParam = first(params, "page") ?? "";
  const scenario = first(params, "scenario")?.trim();
  const ids = parseRunIds(first(params, "runs"));
  const unique = [...new Set(ids)];
  return {
    // Deduplicated, except one run given twice: it is compared with itself (lib/scoring/report/compare-order.ts).
    runs: (unique.length === 1 && ids.length >= 2 ? [unique[0]!, unique[0]!] : unique).slice(0, 20),
    a: first(params, "a")?.trim() || null,
    metric: metric && METRIC_NAME.test(metric) && metric !== "completion" ? metric : null,
    changedOnly: first(params, "filter") === "changed",
    sort,
    dir,
    page: /^[1-9]\d{0,6}$/.test(pageParam) ? Number(pageParam) : 1,
    scenario: scenario ? scenario : null,
    fdr: fdrOf(first(params, "fdr")),
  };
}

/** The page URL for a view, defaults left out, keys in a fixed order. Any change but a page's goes to page 1. */
export function compareViewHref(view: CompareView, patch: Partial<CompareView> = {}): string {
  const v = { ...view, page: 1, ...patch };
  const params = new URLSearchParams();
  if (v.runs.length > 0) params.set("runs", v.runs.join(","));
  if (v.a) params.set("a", v.a);
  if (v.metric) params.set("metric", v.metric);
  if (v.changedOnly) params.set("filter", "changed");
  if (v.sort !== DEFAULT_SORT || v.dir !== DEFAULT_DIR) {
    params.set("sort", v.sort);
    params.set("dir", v.dir);
  }
  if (v.page > 1) params.set("page", String(v.page));
  if (v.scenario) params.set("scenario", v.scenario);
  if (v.fdr !== null) params.set("fdr", String(v.fdr));
  // Run ids never contain a comma; keep the list readable.
  const query = params.toString().replace(/%2C/gi, ",");
  return query ? `/compare?${query}` : "/compare";
}

/** The per-task CSV of the same comparison (A, candidates and metric as on the page). */
export function compareCsvHref(view: CompareView, order: { a: string; candidates: string[] }): string {
  return apiUrls.compareCsv({
    runs: [order.a, ...order.candidates],
    a: order.a,
    metric: view.metric,
    scenario: view.scenario,
  });
}

/** The link a sortable column header points to: the same column flips the direction. */
export function sortHref(view: CompareView, sort: TaskSort, firstDir: SortDir): string {
  const dir: SortDir = view.sort === sort ? (view.dir === "asc" ? "desc" : "asc") : firstDir;
  return compareViewHref(view, { sort, dir });
}
