import type { ScoringRun } from "@/lib/scoring/core/types";
import { encodeColumns } from "@/lib/scoring/columns/column-bytes";
import { isRunColumns, rolloutCount, type RunColumns } from "@/lib/scoring/columns/run-columns";
import type { Report } from "@/lib/scoring/report/report-types";
import { SCORING_VERSION } from "@/lib/scoring/report/report";
import { leverWork } from "@/lib/scoring/report/columnar/column-levers";
import { leversOf } from "@/lib/scoring/report/columnar/report-of";
import { seriesFactsOf } from "@/lib/scoring/report/series-table";
import { FIRST_SCREEN_LAYOUT, runFirstScreen, type RunFirstScreen } from "@/lib/scoring/view/first-screen";
import { passRule } from "@/lib/scoring/view/pass-rule";
import { BINARY_RUN_LAYOUT, encodeBinaryRun } from "@/lib/scoring/wire/binary-run";
import type { RunVersion } from "./records";

/*
 * A run as the server shows it without reading its rows (the RunEncoding table): its browser encoding, which the
 * run cache decodes in a tenth of the time a read of the rows takes and run.bin serves as is, and the run page's
 * as-recorded first screen. Written at ingest, and by the run cache after a read of the rows finds it missing or
 * stale. It is current while the run's version is the one it was written for (a run deleted and ingested again
 * has a new ingest time, a rename a new name) and both layouts are this code's: anything else is read from the
 * rows again.
 */

export interface StoredEncoding {
  /** The run version it was written for (records.ts RunVersion; the rollouts and name of what was read). */
  ingestedAt: Date;
  rollouts: number;
  name: string;
  /** BINARY_RUN_LAYOUT when written. */
  layout: number;
  /** encodeBinaryRun(run); empty when read without the bytes. */
  bytes: Uint8Array;
  /** SCREEN_VERSION when written. */
  screenLayout: number;
  firstScreen: unknown;
}

/**
 * A stored first screen is current when both its shape and the scoring that filled it are this code's: a
 * headline chosen by an older rule is computed again, not shown.
 */
const SCREEN_VERSION = FIRST_SCREEN_LAYOUT * 1000 + SCORING_VERSION;

/** What a stored encoding is current for: the bytes, and the first screen when its layout is this code's. */
export interface CurrentEncoding {
  bytes: Uint8Array;
  firstScreen: RunFirstScreen | null;
}

/** The most leverWork a stored first screen's levers may take (about a second of the server's time). */
export const STORED_LEVERS_WORK = 50_000_000;

/**
 * The run page's first screen of a run as recorded, from its as-recorded report, with the run's levers and
 * series facts: what an encoding stores. From the run's columns: its levers are tried on them, and a report
 * scored from them (reportOf) is read without making its rollout rows.
 */
export function recordedFirstScreen(columns: RunColumns, recorded: Report): RunFirstScreen {
  return {
    ...runFirstScreen(recorded, recorded.headline, passRule(columns), true),
    // Bounded: a run whose levers would hold the server longer leaves them to the page's worker.
    ...(leverWork(columns) <= STORED_LEVERS_WORK ? { levers: leversOf(columns, recorded.scenario) } : {}),
    seriesFacts: seriesFactsOf(recorded),
  };
}

/**
 * The encoding of a run (as objects or as its columns) with its recordedFirstScreen, for the version of the
 * run ingested at `ingestedAt` (RunVersion's). It takes the first screen rather than the report so that a
 * caller may let the report go before the bytes are encoded (a report of 100,000 rollouts holds hundreds of MB),
 * and `bytes` (runBytes(run)) so that it may encode them before it scores.
 */
export function encodingOf(
  run: ScoringRun | RunColumns,
  firstScreen: RunFirstScreen,
  ingestedAt: string,
  bytes: Uint8Array = runBytes(run),
): StoredEncoding {
  return {
    ingestedAt: new Date(ingestedAt),
    rollouts: isRunColumns(run) ? rolloutCount(run) : run.rollouts.length,
    name: run.name,
    layout: BINARY_RUN_LAYOUT,
    screenLayout: SCREEN_VERSION,
    firstScreen,
    bytes,
  };
}

/** The run's browser encoding (BINARY_RUN_LAYOUT), from its columns or its objects. */
export function runBytes(run: ScoringRun | RunColumns): Uint8Array {
  return isRunColumns(run) ? encodeColumns(run) : encodeBinaryRun(run);
}

/** The stored encoding's current parts for the run's version, or null when it is missing or stale. */
export function currentEncoding(stored: StoredEncoding | null, version: RunVersion): CurrentEncoding | null {
  if (!stored || stored.layout !== BINARY_RUN_LAYOUT) return null;
  const { ingestedAt, rollouts, name } = stored;
  if (ingestedAt.toISOString() !== version.ingestedAt || rollouts !== version.rollouts || name !== version.name)
    return null;
  return {
    bytes: stored.bytes,
    firstScreen: stored.screenLayout === SCREEN_VERSION ? (stored.firstScreen as RunFirstScreen) : null,
  };
}
