import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { LeaderboardTable } from "@/components/series/leaderboard-table";
import { zFdr } from "@/lib/compare/query";
import { parseScenarioParam } from "@/lib/scoring/scenario/scenario";
import { PickError, readLeaderboard, type LeaderboardPick } from "@/lib/series/read-series";
import type { Scenario } from "@/lib/scoring/scenario/scenario";
import { first, pickOf } from "@/lib/series/leaderboard-query";
import { getStore } from "@/lib/store/open-store";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Leaderboard" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The leaderboard, or why the pick gives none (fewer than two runs, a name several runs share). */
async function boardOrError(pick: LeaderboardPick, scenario: Scenario, q: number | undefined) {
  try {
    return { board: await readLeaderboard(getStore(), pick, { scenario, q }) };
  } catch (error) {
    if (error instanceof PickError) return { error: error.message };
    throw error;
  }
}

/**
 * /leaderboard?series=NAME | tag=T | runs=a,b,c [&scenario=JSON][&fdr=Q]: the runs ranked on the tasks they
 * share, rank intervals precomputed here on the server (2,000 seeded resamples), as `tally leaderboard` gives it.
 */
export default async function LeaderboardPage({ searchParams }: Props) {
  const params = await searchParams;
  const pick = pickOf(params);
  const parsed = parseScenarioParam(first(params.scenario)?.trim() || null);
  const scenario = parsed.success ? parsed.data : {};
  const fdr = zFdr.safeParse(first(params.fdr));
  const what =
    pick === null
      ? null
      : "series" in pick
        ? `series “${pick.series}”`
        : "tag" in pick
          ? `tag “${pick.tag}”`
          : "runs picked";
  const result = pick === null ? null : await boardOrError(pick, scenario, fdr.success ? fdr.data : undefined);
  let body: React.ReactNode;
  if (result === null) {
    body = (
      <p className="callout callout-info" role="status">
        Say which runs to rank: open it from a series (the runs table’s series filter), or add ?series=NAME, ?tag=T or
        ?runs=id,id to the address.
      </p>
    );
  } else if ("error" in result) {
    body = (
      <p className="callout callout-error" role="alert" data-testid="leaderboard-error">
        {result.error}. Pick at least two stored runs.
      </p>
    );
  } else body = <LeaderboardTable board={result.board} />;
  return (
    <>
      <nav className="breadcrumbs" aria-label="Breadcrumbs">
        <Link href="/">Runs</Link> / Leaderboard
      </nav>
      <div className="page-header">
        <div>
          <h1>Leaderboard{what ? ` · ${what}` : ""}</h1>
          <p>
            Which run is best, and which cannot be told apart: ranks with their intervals and ties after correcting for
            the many pairs compared.
          </p>
        </div>
      </div>
      {body}
    </>
  );
}
