/** A task's figure for one metric: mean over its eligible rollouts, and the pooled (check-scheme) value. */
export interface TaskCell {
  value: number;
  pooled: number;
  votes: number;
}

/** Who gets a vote in a suite value (docs/scoring.md#weighting-schemes). */
export const SCHEMES = ["task", "check", "group", "custom"] as const;
export type Scheme = (typeof SCHEMES)[number];

export const SCHEME_WORDS: Record<Scheme, string> = {
  task: "each task one vote",
  check: "each check one vote",
  group: "each group one vote",
  custom: "declared task weights",
};

/** Whether a stored scheme name (a run summary's, say) is one of SCHEMES. */
export function isScheme(name: string): name is Scheme {
  return (SCHEMES as readonly string[]).includes(name);
}

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
 * Tasks that are not eligible, or whose weight is not positive, are left out (see hasVote).
 */
export function schemeX(scheme: Scheme, value: number, pooled: number): number {
  return scheme === "check" ? pooled : value;
}

/** What decides a task's weight under each scheme; `group*` are its group's weight and eligible tasks. */
export interface SchemeWeightInputs {
  votes: number;
  weight: number;
  groupWeight: number;
  groupSize: number;
}

export function schemeWeight(scheme: Scheme, t: SchemeWeightInputs): number {
  switch (scheme) {
    case "task":
      return 1;
    case "check":
      return t.votes;
    case "group":
      return t.groupWeight / t.groupSize;
    case "custom":
      return t.weight;
  }
}

export function hasVote(w: number): boolean {
  return w > 0 && Number.isFinite(w);
}

/** schemeX and schemeWeight over a list of tasks (the report computes the same in place, over its tables). */
export function schemeValues(
  tasks: readonly SchemeTask[],
  scheme: Scheme,
  groupWeights: ReadonlyMap<string, number> = new Map(),
): WeightedValue[] {
  const eligible = tasks.filter((t): t is SchemeTask & { cell: TaskCell } => t.cell !== undefined);
  const perGroup = new Map<string, number>();
  for (const t of eligible) perGroup.set(t.group, (perGroup.get(t.group) ?? 0) + 1);
  const out: WeightedValue[] = [];
  for (const t of eligible) {
    const w = schemeWeight(scheme, {
      votes: t.cell.votes,
      weight: t.weight,
      groupWeight: groupWeights.get(t.group) ?? 1,
      groupSize: perGroup.get(t.group) ?? 1,
    });
    if (hasVote(w)) out.push({ key: t.key, x: schemeX(scheme, t.cell.value, t.cell.pooled), w });
  }
  return out;
}
