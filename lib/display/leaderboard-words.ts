import type { Leaderboard, LeaderboardRow } from "@/lib/scoring/report/leaderboard";
import { metricKind } from "@/lib/scoring/core/dimensions";
import { count } from "@/lib/scoring/core/numbers";
import { SCHEME_WORDS } from "@/lib/scoring/core/schemes";
import { deltaIntervalText, deltaText, intervalText, metricText, metricTitle } from "./format";
import { adjustedPText } from "./power-words";

/** "3–5", or "1" when a run holds one rank in every draw. */
export function rankIntervalText([lo, hi]: readonly [number, number]): string {
  return lo === hi ? String(lo) : `${lo}–${hi}`;
}

/** What the ranks and ties rest on, said once beside the table (page, text, markdown). */
export function leaderboardMethod(board: Leaderboard): string {
  return (
    `${metricTitle(board.metric)}, ${SCHEME_WORDS[board.scheme]}, on the ${count(board.tasks)} tasks every run holds. ` +
    `Rank intervals: the 2.5th–97.5th percentile rank over ${count(board.resamples)} task-bootstrap resamples ` +
    `(mulberry32, seed ${board.seed}). Ties: every pair of runs tested (paired t), Benjamini–Hochberg at ` +
    `q = ${board.q}; a pair that is not a discovery is tied.`
  );
}

/** One row's cells as text, shared by the page, the text output and the markdown. */
export function leaderboardCells(board: Leaderboard, row: LeaderboardRow, names: ReadonlyMap<string, string>) {
  const kind = metricKind(board.metric);
  return {
    rank: String(row.rank),
    rankInterval: rankIntervalText(row.rankInterval),
    value: metricText(kind, row.value),
    headline: `${metricText(kind, row.headline.value)} (${intervalText(kind, row.headline.ci95)})`,
    toLeader: row.toLeader ? deltaText(kind, row.toLeader.delta) : "leader",
    toLeaderInterval: row.toLeader ? deltaIntervalText(kind, row.toLeader.ci95) : "",
    adjusted: row.toLeader ? adjustedPText(row.toLeader.adjusted) : "",
    tiedWith: row.tiedWith.map((id) => names.get(id) ?? id).join(", "),
  };
}
