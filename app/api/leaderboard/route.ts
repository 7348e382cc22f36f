import { NextResponse } from "next/server";
import { requireRead } from "@/lib/api/auth";
import { ApiError, handle } from "@/lib/api/errors";
import { zFdr } from "@/lib/compare/query";
import { parseScenarioParam } from "@/lib/scoring/scenario/scenario";
import { first, pickOf } from "@/lib/series/leaderboard-query";
import { PickError, readLeaderboard } from "@/lib/series/read-series";
import { getStore } from "@/lib/store/open-store";

/** GET /api/leaderboard?series=NAME | tag=T | runs=a,b [&scenario=JSON][&fdr=Q]: what `tally leaderboard --json` prints. */
export const GET = handle(async (request: Request) => {
  await requireRead(request);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const pick = pickOf(params);
  if (pick === null) throw new ApiError("malformed", "Give ?series=NAME, ?tag=T or ?runs=<id>,<id>.");
  const fdr = params.fdr === undefined ? null : zFdr.safeParse(params.fdr);
  if (fdr && !fdr.success) throw new ApiError("malformed", "fdr: a false discovery rate above 0 and at most 0.5.");
  const scenario = parseScenarioParam(first(params.scenario)?.trim() || null);
  if (!scenario.success) throw new ApiError("malformed", "scenario: not a what-if scenario.");
  try {
    return NextResponse.json(await readLeaderboard(getStore(), pick, { scenario: scenario.data, q: fdr?.data }));
  } catch (error) {
    if (error instanceof PickError) throw new ApiError("not_found", `${error.message}.`);
    throw error;
  }
});
