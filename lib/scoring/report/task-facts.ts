import { ownValue } from "../scenario/scenario";
import type { Report, TaskReport } from "./report-types";

/**
 * What a comparison reads of a report's tasks, by task row in report order: key, group, weight, pass rate, and
 * per metric the task's value and its pooled value with votes (undefined: the report has no such metric; null:
 * the task is not eligible). A report scored from columns answers from the scorer's task cells (column-facts.ts)
 * without making a row per task; any other report answers from its rows, and both give the same values.
 */
export interface TaskFacts {
  readonly count: number;
  key(t: number): string;
  name(t: number): string | null;
  group(t: number): string | null;
  weight(t: number): number;
  passRate(t: number): number | null;
  value(t: number, metric: string): number | null | undefined;
  pooled(t: number, metric: string): { value: number; votes: number } | null | undefined;
  /** Whether the task has a pooled value of `metric` (as `pooled`, without making one). */
  eligible(t: number, metric: string): boolean;
}

const attached = new WeakMap<Report, TaskFacts>();

/** Gives a report the facts of its tasks (a scorer that holds them as columns). */
export function attachTaskFacts(report: Report, facts: TaskFacts): void {
  attached.set(report, facts);
}

/** The facts of a report's tasks: those attached by its scorer, else read from its rows (kept per report). */
export function taskFactsOf(report: Report): TaskFacts {
  let facts = attached.get(report);
  if (!facts) attached.set(report, (facts = taskRowFacts(() => report.tasks)));
  return facts;
}

/** The facts read from a report's task rows. */
export function taskRowFacts(rows: () => readonly TaskReport[]): TaskFacts {
  return {
    get count() {
      return rows().length;
    },
    key: (t) => rows()[t]!.key,
    name: (t) => rows()[t]!.name,
    group: (t) => rows()[t]!.group,
    weight: (t) => rows()[t]!.weight,
    passRate: (t) => rows()[t]!.passRate,
    value: (t, metric) => ownValue(rows()[t]!.metrics, metric),
    pooled: (t, metric) => ownValue(rows()[t]!.pooled, metric),
    eligible: (t, metric) => Boolean(ownValue(rows()[t]!.pooled, metric)),
  };
}
