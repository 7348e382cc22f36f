import { z } from "zod";
import type { MeasureKey, Measures } from "../core/measures";

/**
 * The execution budget of a what-if scenario: per-rollout limits on what a rollout may spend. A scored rollout
 * whose recorded measure exceeds its limit fails (its dimension values and reward stay as they are); a rollout
 * that does not record a limited measure cannot be judged on it and is counted as unknown under the budget.
 */
export const BUDGET_KEYS = ["costUsd", "durationMs", "tokens", "toolCalls"] as const satisfies readonly MeasureKey[];

export type BudgetKey = (typeof BUDGET_KEYS)[number];

const ZLimit = z.number().finite().nonnegative();

export const ZBudget = z.strictObject({
  costUsd: ZLimit.optional(),
  durationMs: ZLimit.optional(),
  tokens: ZLimit.optional(),
  toolCalls: ZLimit.optional(),
});

export type Budget = z.infer<typeof ZBudget>;

/** The limits a budget sets, in BUDGET_KEYS order. */
export function budgetLimits(budget: Budget | undefined): [BudgetKey, number][] {
  const out: [BudgetKey, number][] = [];
  if (budget === undefined) return out;
  for (const key of BUDGET_KEYS) {
    const limit = budget[key];
    if (limit !== undefined) out.push([key, limit]);
  }
  return out;
}

/**
 * How a rollout stands under a budget: "over" when some recorded measure exceeds its limit (whatever the
 * others), else "unknown" when it does not record some limited measure, else "within".
 */
export type BudgetStanding = "within" | "over" | "unknown";

export function budgetStanding(measures: Measures | undefined, limits: readonly [BudgetKey, number][]): BudgetStanding {
  let unknown = false;
  for (const [key, limit] of limits) {
    const value = measures?.[key];
    if (value === undefined) unknown = true;
    else if (value > limit) return "over";
  }
  return unknown ? "unknown" : "within";
}

/** The limits a rollout's recorded measures exceed, with what it recorded (BUDGET_KEYS order). */
export function overLimits(
  measures: Measures | undefined,
  budget: Budget | undefined,
): { key: BudgetKey; value: number; limit: number }[] {
  const out: { key: BudgetKey; value: number; limit: number }[] = [];
  for (const [key, limit] of budgetLimits(budget)) {
    const value = measures?.[key];
    if (value !== undefined && value > limit) out.push({ key, value, limit });
  }
  return out;
}

/** What a budget did to a run's scored rollouts (the report's `budget`). */
export interface BudgetReport {
  limits: Budget;
  /** Scored rollouts over the budget that would have passed without it: the budget failed them. */
  failed: number;
  /** Scored rollouts over the budget, whether or not they passed without it. */
  over: number;
  /** Scored rollouts within every limit they record that do not record some limited measure. */
  unknown: number;
}

/** Counts, rollout by rollout, what a budget does; null limits (no budget set) judge nothing. */
export class BudgetTally {
  private readonly limits: [BudgetKey, number][];
  private failed = 0;
  private over = 0;
  private unknown = 0;

  constructor(private readonly budget: Budget | undefined) {
    this.limits = budgetLimits(budget);
  }

  get active(): boolean {
    return this.limits.length > 0;
  }

  /** The verdict of a scored rollout under the budget, given its verdict without it. */
  judge(measures: Measures | undefined, passed: boolean): boolean {
    if (this.limits.length === 0) return passed;
    const standing = budgetStanding(measures, this.limits);
    if (standing === "unknown") this.unknown += 1;
    if (standing !== "over") return passed;
    this.over += 1;
    if (passed) this.failed += 1;
    return false;
  }

  /** null when the scenario sets no limit. */
  result(): BudgetReport | null {
    if (!this.active) return null;
    return { limits: { ...this.budget }, failed: this.failed, over: this.over, unknown: this.unknown };
  }
}

/**
 * What one budget does across several runs scored under it (the compare page's runs): the counts summed;
 * undefined when no run has a budget report.
 */
export function combinedBudget(reports: readonly (BudgetReport | undefined)[]): BudgetReport | undefined {
  const present = reports.filter((r): r is BudgetReport => r !== undefined);
  const [first] = present;
  if (!first) return undefined;
  return {
    limits: first.limits,
    failed: present.reduce((n, r) => n + r.failed, 0),
    over: present.reduce((n, r) => n + r.over, 0),
    unknown: present.reduce((n, r) => n + r.unknown, 0),
  };
}
