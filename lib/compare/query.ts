/**
 * The parameters that say what to compare, one style for the compare page and the API:
 * `runs=<id>,<id>[,<id>]` (as listed; run ids never contain a comma), `a=<id>` (explicit A, else the run
 * marked as baseline, else the first listed) and `metric=<name>` (the per-task values; default completion).
 * The two-run form `a=<baseline>&b=<candidate>` is answered with a permanent redirect to this one
 * (legacyCompareLocation, applied by proxy.ts before any page or route runs).
 */
import { z } from "zod";
import { MAX_COMPARE_RUNS } from "@/lib/scoring/report/compare-order";

/** A metric name as a parameter: letters, digits and _ . : - (at most 64). */
export const METRIC_NAME = /^[A-Za-z0-9_.:-]{1,64}$/;

/** A false discovery rate q as a parameter: a number above 0 and at most 0.5 (default 0.05). */
export const zFdr = z.coerce.number("fdr: a number such as 0.05").gt(0, "fdr: above 0").max(0.5, "fdr: at most 0.5");

/** The compare parameters, with at most `maxRuns` different runs (the JSON comparison takes two). */
export function zCompareQuery(maxRuns: number = MAX_COMPARE_RUNS) {
  return z.object({
    runs: z
      .array(z.string().max(200, "a run id is at most 200 characters"))
      .refine((ids) => ids.length >= 2, "give two run ids: runs=<a>,<b>")
      .refine((ids) => new Set(ids).size <= maxRuns, `compare at most ${maxRuns} runs`),
    a: z.string().trim().min(1).optional(),
    metric: z.string().regex(METRIC_NAME, "a metric name: letters, digits and _ . : -").optional(),
    fdr: zFdr.optional(),
  });
}

export type CompareQuery = z.infer<ReturnType<typeof zCompareQuery>>;

/**
 * The query string in the one style for a query in the two-run style (`b` without `runs`), or null when it
 * already is: `a=X&b=Y` → `runs=X,Y&a=X`, every other parameter kept.
 */
export function legacyCompareSearch(params: URLSearchParams): string | null {
  if (!params.has("b") || params.has("runs")) return null;
  const a = params.get("a")?.trim() ?? "";
  const b = params.getAll("b").map((id) => id.trim());
  const next = new URLSearchParams();
  next.set("runs", [a, ...b].filter((id) => id !== "").join(","));
  if (a !== "") next.set("a", a);
  for (const [key, value] of params) if (key !== "a" && key !== "b") next.append(key, value);
  return next.toString().replace(/%2C/gi, ",");
}

/** The paths that take the compare parameters. */
const COMPARE_PATHS = new Set(["/compare", "/api/compare", "/api/compare/export.csv"]);

/** Where a compare URL in the two-run style moves to (path and query), or null for any other URL. */
export function legacyCompareLocation(url: URL): string | null {
  if (!COMPARE_PATHS.has(url.pathname)) return null;
  const search = legacyCompareSearch(url.searchParams);
  return search === null ? null : `${url.pathname}?${search}`;
}
