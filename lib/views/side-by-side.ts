import type { RolloutDetail } from "@/lib/store/records";
import type { Store } from "@/lib/store/store";
import type { RolloutReport } from "@/lib/scoring/report/report-types";
import { checkColumnsRows, type CheckColumnsRow, type CheckSide } from "@/lib/scoring/view/check-diff";
import { rolloutCellsOf } from "./rollout-view-model";
import { alignedColumnsOf, type ColumnsWindow, type ResolvedRef, type TraceRead } from "@/lib/traces";
import { SIDE_BY_SIDE_STEPS, withIndexedRefs } from "./indexed-trace";
import { checkEvidence, readStoredTrace } from "./rollout-trace";
import { runSnapshot } from "./run-caches";

/** A rollout anywhere: its run and its id as the data names it. */
export interface RolloutRef {
  runId: string;
  rolloutId: string;
}

/** The letters the columns go by, in order. */
export const COLUMN_LETTERS = ["A", "B", "C", "D"] as const;
export type ColumnLetter = (typeof COLUMN_LETTERS)[number];

/** One check of one rollout as the page shows it: its verdict beside what the verifier said of it. */
export interface CheckSideText extends CheckSide {
  /** Its stored order in its rollout: its row on the rollout page is `#check-<order + 1>`. */
  order: number;
  detail: string | null;
  reason: string | null;
  failureTag: string | null;
}

/** One rollout of the side by side, with the figures shown of it (verdicts as recorded: no what-if). */
export interface SideColumn {
  letter: ColumnLetter;
  ref: RolloutRef;
  runName: string;
  rollout: RolloutDetail;
  verdict: RolloutReport;
  trace: TraceRead;
  /** Its checks that cite no step of its trace (no evidence, or none that resolves), failed required first. */
  uncited: CheckSideText[];
}

export type SideBySide =
  /** A run or rollout that does not exist, each named in words for the page. */
  | { kind: "missing"; problems: string[] }
  | {
      kind: "found";
      /** Two to four, in the order the URL names them; the first is what the others are aligned to. */
      columns: SideColumn[];
      checks: CheckColumnsRow<CheckSideText>[];
      /** The aligned traces' rows from `from`, each cell with the checks citing it; null when no rollout has a trace that reads. */
      alignment: ColumnsWindow<CheckSideText> | null;
    };

/** Failed required checks first, then other failures, then the rest, each group in stored order. */
const rank = (c: CheckSideText) => (c.verdict === "fail" ? (c.required ? 0 : 1) : 2);
export const failedRequiredFirst = (checks: readonly CheckSideText[]) =>
  checks
    .map((c, i) => [c, i] as const)
    .sort(([x, i], [y, j]) => rank(x) - rank(y) || i - j)
    .map(([c]) => c);

type Loaded =
  | { kind: "found"; column: SideColumn; checks: CheckSideText[]; cited: Map<number, CheckSideText[]> }
  | { kind: "missing"; problem: string };

async function loadColumn(store: Store, letter: ColumnLetter, ref: RolloutRef): Promise<Loaded> {
  const [meta, rollout, snapshot] = await Promise.all([
    store.getRun(ref.runId),
    store.getRollout(ref.runId, ref.rolloutId),
    runSnapshot(store, ref.runId),
  ]);
  if (!meta || !snapshot) return { kind: "missing", problem: `${letter}: there is no run “${ref.runId}”.` };
  // The run's as-recorded report, kept with its snapshot; the cells from the rollout's task's part of the run.
  const verdict = snapshot.recorded.rollouts.find((r) => r.id === ref.rolloutId);
  const cells = rolloutCellsOf(snapshot, ref.rolloutId, {});
  if (!rollout || !verdict || !cells)
    return { kind: "missing", problem: `${letter}: the run “${meta.name}” has no rollout “${ref.rolloutId}”.` };
  // An indexed trace: its first SIDE_BY_SIDE_STEPS steps, and its evidence refs when a check cites any.
  const read = await readStoredTrace(store, rollout, { cache: true, indexedSteps: SIDE_BY_SIDE_STEPS });
  const trace = await withIndexedRefs(
    store,
    read,
    rollout.checks.some((c) => c.evidenceRefs.length > 0),
  );
  const evidence: ResolvedRef[][] = checkEvidence(rollout, trace);
  const cited = new Map<number, CheckSideText[]>();
  const uncited: CheckSideText[] = [];
  const checks = cells.flatMap((cell): CheckSideText[] => {
    const stored = rollout.checks[cell.index];
    if (!stored) return [];
    const check: CheckSideText = {
      key: stored.key,
      label: stored.label,
      required: cell.required,
      verdict: cell.verdict,
      score: cell.score,
      order: stored.order,
      detail: stored.detail,
      reason: stored.reason,
      failureTag: stored.failureTag,
    };
    const steps = new Set((evidence[cell.index] ?? []).flatMap((r) => (r.step === null ? [] : [r.step])));
    if (steps.size === 0) uncited.push(check);
    for (const step of steps) cited.set(step, [...(cited.get(step) ?? []), check]);
    return [check];
  });
  for (const [step, list] of cited) cited.set(step, failedRequiredFirst(list));
  return {
    kind: "found",
    column: { letter, ref, runName: meta.name, rollout, verdict, trace, uncited: failedRequiredFirst(uncited) },
    checks,
    cited,
  };
}

/** Two to four rollouts, their checks by key and one window of their traces aligned to the first's. */
export async function loadSideBySide(
  store: Store,
  params: { refs: readonly RolloutRef[]; from: number },
): Promise<SideBySide> {
  const loaded = await Promise.all(
    params.refs.slice(0, COLUMN_LETTERS.length).map((ref, i) => loadColumn(store, COLUMN_LETTERS[i]!, ref)),
  );
  const problems = loaded.flatMap((c) => (c.kind === "missing" ? [c.problem] : []));
  const found = loaded.flatMap((c) => (c.kind === "found" ? [c] : []));
  if (problems.length > 0 || found.length < 2) return { kind: "missing", problems };
  // A rollout without a readable trace keeps its column, empty: the others' steps are still shown aligned.
  const traces = found.map((c) => (c.column.trace.kind === "trace" ? c.column.trace.trace : null));
  return {
    kind: "found",
    columns: found.map((c) => c.column),
    checks: checkColumnsRows(found.map((c) => c.checks)),
    alignment: alignedColumnsOf(
      traces,
      { from: params.from },
      found.map((c) => c.cited),
    ),
  };
}
