import type { Report, TaskReport } from "../report/report-types";

/**
 * Why a metric reads differently when each task gets one vote and when each check (rollout, for completion)
 * gets one, for one run, in a sentence built from the report: both numbers, the tasks with the most and the
 * fewest votes, and which way pooling pulls the figure.
 */
export interface SchemeExplanation {
  metric: string;
  taskEqual: number;
  pooled: number;
  /** Eligible tasks with the most and the fewest votes under the check scheme. */
  most: { task: string; votes: number; value: number | null };
  fewest: { task: string; votes: number; value: number | null };
  sentences: string[];
}

const defaultFormat = (v: number): string => `${(v * 100).toFixed(1)}%`;

const MULTIPLES: Record<number, string> = {
  2: "twice",
  3: "three times",
  4: "four times",
  5: "five times",
  10: "ten times",
};

function multiple(ratio: number): string {
  const rounded = Math.round(ratio * 10) / 10;
  if (Number.isInteger(rounded) && MULTIPLES[rounded] !== undefined) return MULTIPLES[rounded];
  return `${Number.isInteger(rounded) ? rounded : rounded.toFixed(1)} times`;
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** What gets one vote when a metric is pooled, singular and plural. */
function unitWords(kind: string, metric: string): { one: string; many: (n: number) => string } {
  if (kind === "completion") return { one: "rollout", many: (n) => `${n} scored ${n === 1 ? "rollout" : "rollouts"}` };
  if (kind === "reward") return { one: "graded check", many: (n) => `${n} graded ${n === 1 ? "check" : "checks"}` };
  return { one: "check", many: (n) => `${n} ${metric} ${n === 1 ? "check" : "checks"}` };
}

/** The eligible tasks with the most and the fewest votes on a metric under the check scheme (schemeVotes). */
export interface SchemeVotes {
  most: SchemeExplanation["most"];
  fewest: SchemeExplanation["fewest"];
}

/**
 * The tasks with the most and the fewest votes on `metric` (their pooled votes), named by their task id where it
 * is unique in the run; null when no task is eligible. What explainSchemes reads of the task rows: the run page's
 * worker sends this instead of every task's pooled figures.
 */
export function schemeVotes(
  tasks: readonly Pick<TaskReport, "taskId" | "key" | "pooled" | "metrics">[],
  metric: string,
): SchemeVotes | null {
  const idCounts = new Map<string, number>();
  for (const t of tasks) idCounts.set(t.taskId, (idCounts.get(t.taskId) ?? 0) + 1);
  let most: SchemeVotes["most"] | null = null;
  let fewest: SchemeVotes["fewest"] | null = null;
  for (const t of tasks) {
    const p = Object.hasOwn(t.pooled, metric) ? t.pooled[metric] : undefined;
    if (!p) continue;
    const name = (idCounts.get(t.taskId) ?? 0) === 1 ? t.taskId : t.key;
    const entry = { task: name, votes: p.votes, value: t.metrics[metric] ?? null };
    if (most === null || entry.votes > most.votes) most = entry;
    if (fewest === null || entry.votes < fewest.votes) fewest = entry;
  }
  return most === null || fewest === null ? null : { most, fewest };
}

/**
 * null when the metric is unknown, has no value under either scheme, or both read the same once formatted
 * (`format` renders a value the way the page shows it; default one-decimal percent). `votes`: schemeVotes of
 * the report's tasks for `metric`.
 */
export function explainSchemes(
  report: Pick<Report, "metrics">,
  metric: string,
  votes: SchemeVotes | null,
  format: (value: number) => string = defaultFormat,
): SchemeExplanation | null {
  const m = Object.hasOwn(report.metrics, metric) ? report.metrics[metric] : undefined;
  if (!m) return null;
  const taskEqual = m.schemes.task;
  const pooled = m.pooled;
  if (taskEqual === null || pooled === null || format(taskEqual) === format(pooled)) return null;
  if (votes === null) return null;
  const { most, fewest } = votes;

  const units = unitWords(m.kind, metric);
  const sentences: string[] = [];
  const opening = `${capitalise(metric)} is ${format(taskEqual)} when each task gets one vote and ${format(pooled)} when each ${units.one} gets one`;
  if (most.votes === fewest.votes) {
    sentences.push(
      `${opening}: every task has ${units.many(most.votes)} in all, but inside a task pooling weighs its rollouts by their own number of ${units.one}s.`,
    );
  } else {
    sentences.push(
      `${opening}: ${most.task} has ${units.many(most.votes)} and ${fewest.task} ${fewest.votes}, so pooling gives ${most.task} ${multiple(most.votes / fewest.votes)} ${fewest.task}'s say.`,
    );
    const down = pooled < taskEqual;
    if (most.value !== null && (down ? most.value < taskEqual : most.value > taskEqual)) {
      sentences.push(
        `On its own ${most.task} scores ${format(most.value)}, so pooling pulls the figure ${down ? "down" : "up"}.`,
      );
    }
  }
  return { metric, taskEqual, pooled, most, fewest, sentences };
}
