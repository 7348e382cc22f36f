import { resolveComparison, unknownMetric, type CompareResolution } from "@/lib/compare/resolve";
import type { CompareQuery } from "@/lib/compare/query";
import type { RunBrief } from "@/lib/store/records";
import { runReviewFlips } from "./reviewed-scenario";
import { getStore } from "@/lib/store/open-store";
import { compareIdsOf } from "@/lib/store/run-by-name";
import type { Scenario } from "@/lib/scoring/scenario/scenario";
import { ApiError, zodDetails } from "./errors";
import { parseCompareUrlQuery } from "./schemas/compare";
import { runSnapshot } from "@/lib/views/run-caches";

/** The request's compare parameters, or a 400 in the API's error shape. */
export function parseCompareRequest(request: Request, maxRuns?: number): CompareQuery {
  const query = parseCompareUrlQuery(new URL(request.url).searchParams, maxRuns);
  if (!query.success) {
    throw new ApiError(
      "malformed",
      maxRuns === 2
        ? "Give two run ids: ?runs=<a>,<b> (A is `a`, else the baseline run, else the first)."
        : "Give two or three run ids: ?runs=<a>,<b>[,<c>] (A is `a`, else the baseline run, else the first).",
      zodDetails(query.error),
    );
  }
  return query.data;
}

export type StoredComparison = Extract<CompareResolution<RunBrief>, { kind: "compared" }>;

/** The comparison of stored runs a parsed query asks for, or a 404 naming the runs that do not exist. */
export async function compareStoredRuns(query: CompareQuery, scenario?: Scenario): Promise<StoredComparison> {
  const store = getStore();
  const named = await compareIdsOf(store, { runs: query.runs, a: query.a ?? null });
  if (named.ambiguous !== null) throw new ApiError("invalid", `${named.ambiguous}.`);
  const resolution = await resolveComparison(
    { ...query, runs: named.runs, a: named.a, scenario },
    {
      find: (id) => store.getRunBrief(id),
      load: (id) => runSnapshot(store, id),
      reviews: (id) => runReviewFlips(store, id),
    },
  );
  if (resolution.kind === "unknown")
    throw new ApiError("not_found", `No run with id ${resolution.unknown.map((id) => `"${id}"`).join(", ")}.`);
  if (resolution.kind === "too-few") throw new ApiError("malformed", "Give two runs.");
  const badMetric = resolution.candidates.map((c) => unknownMetric(c.comparison, query.metric)).find((m) => m !== null);
  if (badMetric) throw new ApiError("invalid", `${badMetric[0]!.toUpperCase()}${badMetric.slice(1)}.`);
  return resolution;
}
