import type { ScoringRun } from "@/lib/scoring/core/types";

/**
 * List prep for the what-if verdict list: every check of every rollout, searchable, built once per run.
 * Items point into `run.rollouts[r].checks[c]` by index, so a 120,000-check run costs two small arrays, not copies.
 */
export interface RolloutEntry {
  /** Index in run.rollouts. */
  r: number;
  task: string;
  id: string;
  /** Rollouts of the same task, and this one's 1-based position among them. */
  taskRollouts: number;
  position: number;
}

export interface CheckRowsIndex {
  rollouts: RolloutEntry[];
  /** Lower-cased "task rollout key label dimension" per check, per rollout. */
  text: string[][];
}

export type CheckListItem = { kind: "rollout"; r: number; matches: number } | { kind: "check"; r: number; c: number };

export type CheckShow = "all" | "failed" | "changed";

export function checkRowsIndex(run: Pick<ScoringRun, "rollouts">): CheckRowsIndex {
  const perTask = new Map<string, number>();
  const rollouts = run.rollouts.map((rollout, r) => {
    const position = (perTask.get(rollout.task) ?? 0) + 1;
    perTask.set(rollout.task, position);
    return { r, task: rollout.task, id: rollout.id, taskRollouts: 0, position };
  });
  for (const e of rollouts) e.taskRollouts = perTask.get(e.task) ?? 1;
  const text = run.rollouts.map((rollout) => {
    const head = `${rollout.task} ${rollout.id}`;
    return rollout.checks.map((c) => `${head} ${c.key} ${c.label} ${c.dimension}`.toLowerCase());
  });
  return { rollouts, text };
}

/** Splits a query into lower-case terms; a check matches when its text holds every term. */
export function queryTerms(query: string): string[] {
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter((t) => t !== "");
}

/**
 * The visible list: a header per rollout with at least one matching check, then its matching checks.
 * `failed`: recorded failed or not graded. `changed`: the scenario changed the check (`changed(r, c)`).
 */
export function filterCheckRows(
  index: CheckRowsIndex,
  run: Pick<ScoringRun, "rollouts">,
  query: string,
  show: CheckShow,
  changed: (r: number, c: number) => boolean,
): CheckListItem[] {
  const terms = queryTerms(query);
  const out: CheckListItem[] = [];
  index.rollouts.forEach(({ r }) => {
    const checks = run.rollouts[r]?.checks ?? [];
    const texts = index.text[r] ?? [];
    const header: CheckListItem = { kind: "rollout", r, matches: 0 };
    let headerAt = -1;
    checks.forEach((check, c) => {
      if (show === "failed" && check.passed === true) return;
      if (show === "changed" && !changed(r, c)) return;
      const text = texts[c] ?? "";
      if (!terms.every((t) => text.includes(t))) return;
      if (headerAt < 0) {
        headerAt = out.length;
        out.push(header);
      }
      header.matches += 1;
      out.push({ kind: "check", r, c });
    });
  });
  return out;
}
