import { clip, clipHead } from "@/lib/display/format";
import { KEY_HEAD } from "@/lib/text-head";
import type { CheckHead, RolloutHead } from "@/lib/store/records";
import type { RolloutReport } from "@/lib/scoring/report/report-types";
import type { CellVerdict, CheckCell, CheckRow } from "@/lib/scoring/view/check-grid";
import type { CheckStatus } from "@/lib/scoring/core/types";
import type { ResolvedRef } from "@/lib/traces";

/*
 * What the rollout page's check lists and the task page's grid draw, joined from the stored checks a page read
 * (their texts cut: CheckHead) and their verdicts under the page's scenario. Pure and plain JSON: the pages,
 * their APIs and the static export build them the same way.
 */

/** One check of a rollout with its verdict under the scenario and its evidence resolved against the trace. */
export interface CheckEntryView {
  check: CheckHead;
  cell: CheckCell;
  /** The check's evidence refs resolved (aligned with check.evidenceRefs); null when none is resolved or cited. */
  evidence: ResolvedRef[] | null;
}

/**
 * The entries of the given orders, in that order: each stored check with its cell and evidence. An order whose
 * check was not read (or has no cell) is left out.
 */
export function checkEntryViews(
  orders: readonly number[],
  stored: readonly CheckHead[],
  cells: readonly CheckCell[],
  evidence: Readonly<Record<number, ResolvedRef[]>>,
): CheckEntryView[] {
  const byOrder = new Map(stored.map((c) => [c.order, c]));
  const out: CheckEntryView[] = [];
  for (const order of orders) {
    const check = byOrder.get(order);
    const cell = cells[order];
    if (check && cell) out.push({ check, cell, evidence: evidence[order] ?? null });
  }
  return out;
}

/** Whether a check can be flipped from a page: the flip names it by its whole key, which the page must have. */
export const flippable = (check: Pick<CheckHead, "key">): boolean => !check.key.cut;

/** A column of the task grid: one rollout with its verdict and measures. */
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

/** One cell of the grid: the check's verdict in one rollout and its stored text, cut for the grid. */
export interface GridCellView {
  /** The check's key (cut to KEY_HEAD) and whether the whole key is here, for the what-if flip control. */
  key: string;
  flippable: boolean;
  recordedPassed: boolean | null;
  verdict: CellVerdict;
  score: number | null;
  status: CheckStatus;
  required: boolean;
  changed: boolean;
  label: string;
  detail: CheckHead["detail"];
  reason: CheckHead["reason"];
  failureTag: string | null;
  evidenceRefs: string[];
  /** The check's stored order in its rollout (its row `#check-<order + 1>` on the rollout page); null: not read. */
  order: number | null;
}

/** One row of the grid: one check (by key) across the rollouts, its texts clipped. */
export interface GridRowView {
  /** Unique within the grid: the row's position in the grid's full list of rows. */
  id: string;
  key: string;
  label: string;
  dimension: string;
  required: CheckRow["required"];
  failedRequired: number;
  failed: number;
  /** Aligned with the columns; null where the rollout has no such check. */
  cells: (GridCellView | null)[];
}

/** The grid's columns: the task's rollouts (grid order) joined with their stored heads and verdicts. */
export function gridColumns(
  rollouts: readonly string[],
  heads: readonly RolloutHead[],
  verdicts: readonly RolloutReport[],
  href: (rolloutId: string) => string,
): GridColumn[] {
  const headById = new Map(heads.map((d) => [d.id, d]));
  const verdictById = new Map(verdicts.map((v) => [v.id, v]));
  return rollouts.map((id, i): GridColumn => {
    const d = headById.get(id);
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
}

/**
 * The orders of the stored checks a page of grid rows needs, per column (rollout): what Store.getChecks reads.
 */
export function gridPicks(
  rows: readonly CheckRow[],
  rollouts: readonly string[],
): { rolloutId: string; orders: number[] }[] {
  return rollouts.map((rolloutId, c) => ({
    rolloutId,
    orders: rows.flatMap((row) => (row.cells[c] ? [row.cells[c].index] : [])),
  }));
}

/**
 * A page of grid rows drawn: each row's texts clipped, each cell joined with its stored check (`stored[c]`: the
 * checks read for column c). `offset` is the page's first row's position in the grid's list of rows.
 */
export function gridRowViews(
  rows: readonly CheckRow[],
  offset: number,
  stored: readonly (readonly CheckHead[])[],
): GridRowView[] {
  const byOrder = stored.map((checks) => new Map(checks.map((c) => [c.order, c])));
  return rows.map((row, r) => ({
    id: String(offset + r),
    key: clip(row.key, 120),
    label: clip(row.label),
    dimension: row.dimension,
    required: row.required,
    failedRequired: row.failedRequired,
    failed: row.failed,
    cells: row.cells.map((cell, c) => {
      if (!cell) return null;
      const check = byOrder[c]?.get(cell.index);
      const key = check?.key ?? { head: row.key.slice(0, KEY_HEAD), cut: row.key.length > KEY_HEAD };
      return {
        key: key.head,
        flippable: !key.cut,
        recordedPassed: check?.passed ?? null,
        verdict: cell.verdict,
        score: cell.score,
        status: cell.status,
        required: cell.required,
        changed: cell.changed,
        label: check ? clipHead(check.label, 200) : clip(row.label, 200),
        detail: check?.detail ?? null,
        reason: check?.reason ?? null,
        failureTag: check?.failureTag ?? null,
        evidenceRefs: check?.evidenceRefs ?? [],
        order: check?.order ?? null,
      };
    }),
  }));
}
