import { ownValue } from "../scenario/scenario";
import type { TaskReport } from "./report-types";
import { reportFacts } from "./report-facts";

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

const facts = reportFacts<TaskFacts>((report) => taskRowFacts(() => report.tasks));

/** Gives a report the facts its scorer holds as columns. */
export const attachTaskFacts = facts.attach;
/** The facts of a report: those its scorer attached, else read from its rows (kept per report). */
export const taskFactsOf = facts.of;

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
