import { CELL_TEXT_HEAD, CHECK_TEXT_HEAD, KEY_HEAD, LABEL_HEAD, TEXT_HEAD } from "@/lib/text-head";
import type { CheckBounds, CheckHead, RolloutHead, RunMeta } from "@/lib/store/records";
import type { Store } from "@/lib/store/store";
import type { RunSnapshot } from "@/lib/scoring/run-snapshot";
import type { Scenario } from "@/lib/scoring/scenario/scenario";
import { taskCheckGrid, type CheckCell, type CheckGrid } from "@/lib/scoring/view/check-grid";
import { checkIndexes, firstCheckPage, gridRows, pageOf, type CheckFilter } from "@/lib/scoring/view/check-pages";
import { citedRefs, evidenceIndex, resolveAll, type TraceRead } from "@/lib/traces";
import { checkEntryViews, gridPicks, gridRowViews, type CheckEntryView, type GridRowView } from "./check-views";
import { withIndexedRefs } from "./indexed-trace";
import { readStoredTrace, traceEvidence, type TraceEvidence } from "./rollout-trace";
import { readStoredStateDiff } from "./state-diff";
import { readTrialTexts, type TrialTexts } from "./trial-texts";
import { rolloutCellsOf } from "./rollout-view-model";
import type { StateDiffRead } from "@/lib/formats/silo/state-diff";
import { runSnapshot } from "./run-caches";

/*
 * The reads behind the rollout and task pages and the APIs that page their checks: never a whole rollout, a
 * head (lib/text-head.ts) and the checks of one page at a time.
 */

/** A page of checks on the rollout page: each text cut to CHECK_TEXT_HEAD. */
export const CHECK_BOUNDS: CheckBounds = { key: KEY_HEAD, label: LABEL_HEAD, text: CHECK_TEXT_HEAD };
/** A page of grid rows on the task page: many cells per row, each text cut shorter. */
export const CELL_BOUNDS: CheckBounds = { key: KEY_HEAD, label: LABEL_HEAD, text: CELL_TEXT_HEAD };

/** What a rollout page reads besides its checks. */
export interface RolloutPageRead {
  meta: RunMeta;
  rollout: RolloutHead;
  snapshot: RunSnapshot;
  trace: TraceRead;
  trialTexts: TrialTexts;
  stateDiff: StateDiffRead;
  evidence: TraceEvidence;
}

/** The rollout, its run's snapshot and what its raw files read as; null when either is missing. */
export async function readRolloutPage(store: Store, runId: string, rolloutId: string): Promise<RolloutPageRead | null> {
  const [meta, rollout, snapshot] = await Promise.all([
    store.getRun(runId),
    store.getRolloutHead(runId, rolloutId, { textHead: TEXT_HEAD }),
    runSnapshot(store, runId),
  ]);
  if (!meta || !rollout || !snapshot) return null;
  const [read, trialTexts, stateDiff, refs] = await Promise.all([
    readStoredTrace(store, rollout),
    readTrialTexts(store, rollout),
    readStoredStateDiff(store, rollout),
    store.getCheckRefs(runId, rolloutId),
  ]);
  const trace = await withIndexedRefs(
    store,
    read,
    refs.length > 0 || citedRefs(rollout.agentOutput?.head ?? "").length > 0,
  );
  const evidence = traceEvidence(refs, rollout.agentOutput?.head ?? null, trace);
  return { meta, rollout, snapshot, trace, trialTexts, stateDiff, evidence };
}

/** The stored checks a rollout page shows with itself under its scenario's cells (firstCheckPage). */
export async function firstPageChecks(
  store: Store,
  runId: string,
  rolloutId: string,
  cells: readonly CheckCell[],
): Promise<CheckHead[]> {
  const plan = firstCheckPage(cells);
  const [checks] = await store.getChecks(runId, [{ rolloutId, orders: [...plan.failed, ...plan.rows] }], CHECK_BOUNDS);
  return checks ?? [];
}

/** Each check's refs (as a page read them) resolved against the trace. */
export function resolvedEvidence(
  checks: readonly CheckHead[],
  read: TraceRead,
): Record<number, ReturnType<typeof resolveAll>> {
  const index = read.kind === "trace" ? evidenceIndex(read.trace) : null;
  const out: Record<number, ReturnType<typeof resolveAll>> = {};
  for (const check of checks) {
    if (check.evidenceRefs.length === 0) continue;
    out[check.order] = index
      ? resolveAll(index, check.evidenceRefs)
      : check.evidenceRefs.map((ref) => ({ ref, step: null }));
  }
  return out;
}

/** One page of a list of checks: where it starts, how many the list holds, and its entries. */
export interface CheckListPage {
  total: number;
  offset: number;
  entries: CheckEntryView[];
}

/** A page of a rollout's checks under a scenario and filter (the checks API); null when the rollout is missing. */
export async function rolloutChecksPage(
  store: Store,
  runId: string,
  rolloutId: string,
  scenario: Scenario,
  query: { offset: number; limit: number; filter: CheckFilter },
): Promise<CheckListPage | null> {
  const [rollout, snapshot] = await Promise.all([
    store.getRolloutHead(runId, rolloutId, { textHead: 0 }),
    runSnapshot(store, runId),
  ]);
  const cells = snapshot && rollout ? rolloutCellsOf(snapshot, rolloutId, scenario) : null;
  if (!rollout || !cells) return null;
  const list = checkIndexes(cells, query.filter);
  const orders = pageOf(list, query.offset, query.limit);
  const [[checks = []], read] = await Promise.all([
    store.getChecks(runId, [{ rolloutId, orders }], CHECK_BOUNDS),
    readStoredTrace(store, rollout),
  ]);
  const trace = await withIndexedRefs(
    store,
    read,
    checks.some((c) => c.evidenceRefs.length > 0),
  );
  return {
    total: list.length,
    offset: Math.min(query.offset, list.length),
    entries: checkEntryViews(orders, checks, cells, resolvedEvidence(checks, trace)),
  };
}

/** Grids kept per run: a task of 100,000 checks takes ~0.5 s to lay out, and its grid is paged by many requests. */
const GRIDS_PER_RUN = 4;
const grids = new WeakMap<RunSnapshot, Map<string, CheckGrid>>();

/**
 * A task's grid under a scenario, from the task's part of the run, kept with the snapshot it was computed from:
 * a snapshot is shared and never changed, so its grids stay right, and leave with it.
 */
function cachedGrid(snapshot: RunSnapshot, taskKey: string, scenario: Scenario): CheckGrid {
  let kept = grids.get(snapshot);
  if (!kept) grids.set(snapshot, (kept = new Map<string, CheckGrid>()));
  const key = `${taskKey}\u0000${JSON.stringify(scenario)}`;
  const hit = kept.get(key);
  if (hit) {
    kept.delete(key);
    kept.set(key, hit);
    return hit;
  }
  const part = snapshot.taskPart(taskKey);
  const grid: CheckGrid = part ? taskCheckGrid(part, taskKey, scenario) : { rollouts: [], rows: [] };
  kept.set(key, grid);
  for (const oldest of kept.keys()) {
    if (kept.size <= GRIDS_PER_RUN) break;
    kept.delete(oldest);
  }
  return grid;
}

/** A page of a task's grid rows (the grid API and the task page's first rows). */
export interface GridRowsPage {
  total: number;
  /** The grid's checks that fail somewhere (the length of the list `failing` gives). */
  failingTotal: number;
  offset: number;
  rows: GridRowView[];
}

/**
 * A page of the checks × rollouts grid of a task under a scenario: its rows in the grid's order (failed required
 * first), `failing` keeping only the checks that fail somewhere, each cell joined with its stored check (texts
 * cut to CELL_BOUNDS). The rollouts are the grid's columns, in the same order.
 */
export async function taskGridPage(
  store: Store,
  runId: string,
  snapshot: RunSnapshot,
  taskKey: string,
  scenario: Scenario,
  query: { offset: number; limit: number; failing: boolean },
): Promise<GridRowsPage & { rollouts: string[] }> {
  const grid = cachedGrid(snapshot, taskKey, scenario);
  const rows = gridRows(grid, query.failing);
  const page = pageOf(rows, query.offset, query.limit);
  const offset = Math.min(query.offset, rows.length);
  const stored = await store.getChecks(runId, gridPicks(page, grid.rollouts), CELL_BOUNDS);
  return {
    total: rows.length,
    failingTotal: query.failing ? rows.length : gridRows(grid, true).length,
    offset,
    rows: gridRowViews(page, offset, stored),
    rollouts: grid.rollouts,
  };
}
