import type { RolloutDetail } from "@/lib/store/records";
import type { Store } from "@/lib/store/store";
import type { RolloutReport } from "@/lib/scoring/report/report-types";
import { checkDiffRows, type CheckDiffRow, type CheckSide } from "@/lib/scoring/view/check-diff";
import { rolloutCellsOf } from "./rollout-view-model";
import { alignedWindow, type PairWindow, type TraceRead } from "@/lib/traces";
import { readStoredTrace } from "./rollout-trace";

/** A rollout anywhere: its run and its id as the data names it. */
export interface RolloutRef {
  runId: string;
  rolloutId: string;
}

/** One check of one side as the page shows it: its verdict beside what the verifier said of it. */
export interface CheckSideText extends CheckSide {
  /** Its stored order in its rollout: its row on the rollout page is `#check-<order + 1>`. */
  order: number;
  detail: string | null;
  reason: string | null;
  failureTag: string | null;
}

/** One rollout of the side by side, with the figures shown of it (verdicts as recorded: no what-if). */
export interface SideOfPair {
  ref: RolloutRef;
  runName: string;
  rollout: RolloutDetail;
  verdict: RolloutReport;
  trace: TraceRead;
}

export type SideBySide =
  /** A run or rollout that does not exist, each named in words for the page. */
  | { kind: "missing"; problems: string[] }
  | {
      kind: "found";
      a: SideOfPair;
      b: SideOfPair;
      checks: CheckDiffRow<CheckSideText>[];
      /** The aligned traces' rows from `from`; null unless both rollouts have a trace that reads. */
      alignment: PairWindow | null;
    };

type Side = { kind: "found"; side: SideOfPair; checks: CheckSideText[] } | { kind: "missing"; problem: string };

async function loadSide(store: Store, letter: "A" | "B", ref: RolloutRef): Promise<Side> {
  const [meta, rollout, snapshot] = await Promise.all([
    store.getRun(ref.runId),
    store.getRollout(ref.runId, ref.rolloutId),
    store.snapshot(ref.runId),
  ]);
  if (!meta || !snapshot) return { kind: "missing", problem: `${letter}: there is no run “${ref.runId}”.` };
  // The run's as-recorded report, kept with its snapshot; the cells from the rollout's task's part of the run.
  const verdict = snapshot.recorded.rollouts.find((r) => r.id === ref.rolloutId);
  const cells = rolloutCellsOf(snapshot, ref.rolloutId, {});
  if (!rollout || !verdict || !cells)
    return { kind: "missing", problem: `${letter}: the run “${meta.name}” has no rollout “${ref.rolloutId}”.` };
  const checks = cells.flatMap((cell): CheckSideText[] => {
    const stored = rollout.checks[cell.index];
    if (!stored) return [];
    return [
      {
        key: stored.key,
        label: stored.label,
        required: cell.required,
        verdict: cell.verdict,
        score: cell.score,
        order: stored.order,
        detail: stored.detail,
        reason: stored.reason,
        failureTag: stored.failureTag,
      },
    ];
  });
  const trace = await readStoredTrace(store, rollout);
  return { kind: "found", side: { ref, runName: meta.name, rollout, verdict, trace }, checks };
}

/** Both rollouts, their check differences and one window of their traces aligned by tool calls. */
export async function loadSideBySide(
  store: Store,
  params: { a: RolloutRef; b: RolloutRef; from: number },
): Promise<SideBySide> {
  const [a, b] = await Promise.all([loadSide(store, "A", params.a), loadSide(store, "B", params.b)]);
  if (a.kind === "missing" || b.kind === "missing")
    return { kind: "missing", problems: [a, b].flatMap((s) => (s.kind === "missing" ? [s.problem] : [])) };
  const [left, right] = [a.side.trace, b.side.trace];
  return {
    kind: "found",
    a: a.side,
    b: b.side,
    checks: checkDiffRows(a.checks, b.checks),
    alignment:
      left.kind === "trace" && right.kind === "trace"
        ? alignedWindow(left.trace, right.trace, { from: params.from })
        : null,
  };
}
