import type { TaskCell } from "./dimensions";

/** Who gets a vote in a suite value (SPEC §3 "Weighting schemes"). */
export const SCHEMES = ["task", "check", "group", "custom"] as const;
export type Scheme = (typeof SCHEMES)[number];

export const SCHEME_WORDS: Record<Scheme, string> = {
  task: "each task one vote",
  check: "each check one vote",
  group: "each group one vote",
  custom: "declared task weights",
};

/** The group name tasks without a group share (they form one group). */
export const NO_GROUP = "(none)";

/** One task as a scheme sees it: its group, its effective custom weight and its figure (undefined: not eligible). */
export interface SchemeTask {
  key: string;
  group: string;
  weight: number;
  cell: TaskCell | undefined;
}

/** A task's value x and weight w; every scheme's suite value is Σ w·x / Σ w over these. */
export interface WeightedValue {
  key: string;
  x: number;
  w: number;
}

/**
 * Every scheme expressed as per-task (x, w), so one mean and one standard error serve all of them:
 * - task:   x = task value, w = 1
 * - check:  x = the task's pooled value, w = its number of votes (graded checks, scored rollouts, …)
 * - group:  x = task value, w = group weight / eligible tasks of the group (tasks equal inside a group)
 * - custom: x = task value, w = declared weight (scenario override applied upstream)
 * Tasks that are not eligible, or whose weight is not positive, are left out.
 */
export function schemeValues(
  tasks: readonly SchemeTask[],
  scheme: Scheme,
  groupWeights: ReadonlyMap<string, number> = new Map(),
): WeightedValue[] {
  const eligible = tasks.filter((t): t is SchemeTask & { cell: TaskCell } => t.cell !== undefined);
  const perGroup = new Map<string, number>();
  if (scheme === "group") for (const t of eligible) perGroup.set(t.group, (perGroup.get(t.group) ?? 0) + 1);
  const out: WeightedValue[] = [];
  for (const t of eligible) {
    let x = t.cell.value;
    let w: number;
    switch (scheme) {
      case "task":
        w = 1;
        break;
      case "check":
        x = t.cell.pooled;
        w = t.cell.votes;
        break;
      case "group":
        w = (groupWeights.get(t.group) ?? 1) / (perGroup.get(t.group) ?? 1);
        break;
      case "custom":
        w = t.weight;
        break;
    }
    if (w > 0 && Number.isFinite(w)) out.push({ key: t.key, x, w });
  }
  return out;
}
