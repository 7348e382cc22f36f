import { DEFAULT_FDR } from "@/lib/scoring/series/false-discovery";
import { leaderboard, type Leaderboard, type LeaderboardEntry } from "@/lib/scoring/report/leaderboard";
import { seriesFactsOf, seriesTable, type SeriesRunInput, type SeriesTable } from "@/lib/scoring/report/series-table";
import type { Scenario } from "@/lib/scoring/scenario/scenario";
import type { RunListItem } from "@/lib/store/records";
import { ambiguousRunMessage, matchRunRef } from "@/lib/store/run-by-name";
import type { Store } from "@/lib/store/store";
import { runEncoding, runSnapshot } from "@/lib/views/run-caches";

/** The runs' reports under a scenario, read through the run cache (as recorded: the stored report). */
async function reportsOf(store: Store, runs: readonly RunListItem[], scenario: Scenario): Promise<LeaderboardEntry[]> {
  const asRecorded = Object.keys(scenario).length === 0;
  const out: LeaderboardEntry[] = [];
  for (const run of runs) {
    const snapshot = await runSnapshot(store, run.id);
    if (!snapshot) continue; // deleted while reading
    out.push({
      id: run.id,
      name: run.name,
      report: asRecorded ? snapshot.recorded : snapshot.report(scenario),
    });
  }
  return out;
}

/**
 * The runs' series facts under a scenario. As recorded, from each run's stored first screen (no rollout read,
 * no scoring); a run without a current one, or a scenario, is scored through the run cache.
 */
async function factsOf(store: Store, runs: readonly RunListItem[], scenario: Scenario): Promise<SeriesRunInput[]> {
  const asRecorded = Object.keys(scenario).length === 0;
  const out: SeriesRunInput[] = [];
  for (const run of runs) {
    const stored = asRecorded ? (await runEncoding(store, run.id, { bytes: false }))?.firstScreen?.seriesFacts : null;
    let facts = stored ?? null;
    if (!facts) {
      const snapshot = await runSnapshot(store, run.id);
      if (!snapshot) continue; // deleted while reading
      facts = seriesFactsOf(asRecorded ? snapshot.recorded : snapshot.report(scenario));
    }
    out.push({ id: run.id, name: run.name, at: run.createdAt ?? run.ingestedAt, facts });
  }
  return out;
}

/** A series as its page and `tally series show` give it; null when no run belongs to it. */
export async function readSeries(
  store: Store,
  name: string,
  options: { scenario?: Scenario; q?: number } = {},
): Promise<(SeriesTable & { name: string }) | null> {
  const runs = await store.seriesRuns(name);
  if (runs.length === 0) return null;
  const inputs = await factsOf(store, runs, options.scenario ?? {});
  return { name, ...seriesTable(inputs, options.q ?? DEFAULT_FDR) };
}

/** Which runs a leaderboard ranks: named ones (ids or unique names), a series, or the runs with a tag. */
export type LeaderboardPick = { runs: readonly string[] } | { series: string } | { tag: string };

export class PickError extends Error {}

async function pickRuns(store: Store, pick: LeaderboardPick): Promise<RunListItem[]> {
  if ("series" in pick) return store.seriesRuns(pick.series);
  const all = await store.listRuns();
  if ("tag" in pick) return all.filter((r) => r.tags.includes(pick.tag)).reverse();
  const byId = new Map(all.map((r) => [r.id, r]));
  const out: RunListItem[] = [];
  for (const ref of pick.runs) {
    const match = await matchRunRef(store, ref);
    if (match.kind === "ambiguous") throw new PickError(ambiguousRunMessage(ref, match.ids));
    const run = match.kind === "found" ? byId.get(match.id) : undefined;
    if (!run) throw new PickError(`no run with id or name "${ref}"`);
    if (!out.includes(run)) out.push(run);
  }
  return out;
}

/** The leaderboard of the runs picked, scored under one scenario; a PickError when fewer than two are found. */
export async function readLeaderboard(
  store: Store,
  pick: LeaderboardPick,
  options: { scenario?: Scenario; q?: number } = {},
): Promise<Leaderboard & { runs: number }> {
  const runs = await pickRuns(store, pick);
  if (runs.length < 2) throw new PickError(`a leaderboard needs at least two runs; ${runs.length} found`);
  const inputs = await reportsOf(store, runs, options.scenario ?? {});
  return { runs: inputs.length, ...leaderboard(inputs, { q: options.q }) };
}
