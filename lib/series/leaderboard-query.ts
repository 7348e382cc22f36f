import { z } from "zod";
import { ZSeriesName } from "@/lib/run-series";
import { ZTag } from "@/lib/run-tags";
import { parseRunIds } from "@/lib/scoring/report/compare-order";
import type { LeaderboardPick } from "./read-series";

type Params = Record<string, string | string[] | undefined>;

export const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** The pick a URL asks for: ?series=NAME, ?tag=T or ?runs=a,b,c; null when it names none validly. */
export function pickOf(params: Params): LeaderboardPick | null {
  const series = ZSeriesName.safeParse(first(params.series));
  if (series.success) return { series: series.data };
  const tag = ZTag.safeParse(first(params.tag));
  if (tag.success) return { tag: tag.data };
  const runs = z
    .array(z.string().max(200))
    .max(50)
    .safeParse(parseRunIds(first(params.runs) ?? null));
  return runs.success && runs.data.length > 0 ? { runs: runs.data } : null;
}
