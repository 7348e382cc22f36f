import type { RolloutDetail } from "@/lib/store/records";
import type { CellVerdict, CheckGrid, CheckRow } from "@/lib/scoring/view/check-grid";
import type { RolloutReport } from "@/lib/scoring/report/report-types";
import type { CheckStatus } from "@/lib/scoring/core/types";

/** What the checks × rollouts grid draws: the grid's verdicts joined with each check's stored text. Plain JSON. */

export interface GridColumn {
  id: string;
  /** 1-based position among the task's rollouts ("#3"). */
  position: number;
  href: string | null;
  status: "scored" | "unscored";
  passed: boolean;
  reward: number | null;
  failedRequired: number;
  checksChanged: boolean;
  terminationReason: string | null;
  toolCalls: number | null;
  toolErrors: number | null;
  /** The rollout's measures (null: not recorded), trace totals included, as the report carries them. */
  durationMs: number | null;
  tokens: number | null;
  costUsd: number | null;
}

export interface GridCellView {
  /** The check's key and its verdict as recorded, for the what-if flip control. */
  key: string;
  recordedPassed: boolean | null;
  verdict: CellVerdict;
  score: number | null;
  status: CheckStatus;
  required: boolean;
  changed: boolean;
  label: string;
  detail: string | null;
  reason: string | null;
  failureTag: string | null;
  evidenceRefs: string[];
  /** The check's stored order in its rollout (its row `#check-<order + 1>` on the rollout page); null: not stored. */
  order: number | null;
}

export interface GridRowView extends Omit<CheckRow, "cells"> {
  cells: (GridCellView | null)[];
}

export interface GridView {
  runId: string;
  taskKey: string;
  columns: GridColumn[];
  rows: GridRowView[];
}

export function gridView(
  grid: CheckGrid,
  details: readonly RolloutDetail[],
  verdicts: readonly RolloutReport[],
  href: (rolloutId: string) => string,
  ids: { runId: string; taskKey: string },
): GridView {
  const detailById = new Map(details.map((d) => [d.id, d]));
  const verdictById = new Map(verdicts.map((v) => [v.id, v]));
  const columns = grid.rollouts.map((id, i): GridColumn => {
    const d = detailById.get(id);
    const v = verdictById.get(id);
    return {
      id,
      position: i + 1,
      href: d ? href(d.id) : null,
      status: v?.status ?? d?.status ?? "unscored",
      passed: v?.passed ?? false,
      reward: v?.reward ?? null,
      failedRequired: v?.failedRequired.length ?? 0,
      checksChanged: v?.checksChanged ?? false,
      terminationReason: d?.terminationReason ?? null,
      toolCalls: v?.measures.toolCalls ?? d?.toolCalls ?? null,
      toolErrors: v?.measures.toolErrors ?? d?.toolErrors ?? null,
      durationMs: v?.measures.durationMs ?? d?.durationMs ?? null,
      tokens: v?.measures.tokens ?? d?.tokens ?? null,
      costUsd: v?.measures.costUsd ?? d?.costUsd ?? null,
    };
  });
  const rows = grid.rows.map((row): GridRowView => ({
    ...row,
    cells: row.cells.map((cell, c) => {
      if (!cell) return null;
      const stored = detailById.get(grid.rollouts[c] ?? "")?.checks[cell.index];
      return {
        key: stored?.key ?? row.key,
        recordedPassed: stored?.passed ?? null,
        verdict: cell.verdict,
        score: cell.score,
        status: cell.status,
        required: cell.required,
        changed: cell.changed,
        label: stored?.label ?? row.label,
        detail: stored?.detail ?? null,
        reason: stored?.reason ?? null,
        failureTag: stored?.failureTag ?? null,
        evidenceRefs: stored?.evidenceRefs ?? [],
        order: stored?.order ?? null,
      };
    }),
  }));
  return { runId: ids.runId, taskKey: ids.taskKey, columns, rows };
}
