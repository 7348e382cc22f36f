import type { GroupReport } from "../report/report-types";

/** Chart prep for the group breakdown: groups on one axis, one bar series per dimension. */

export const GROUP_CHART_METRICS = ["correctness", "completion", "authority", "grounding"] as const;

export interface GroupChartRow {
  group: string;
  tasks: number;
  /** Task-equal value per series metric; null when no task of the group is eligible. */
  values: Record<string, number | null>;
}

export interface GroupChartData {
  /** Metrics with at least one eligible task in some group, in display order. */
  series: string[];
  rows: GroupChartRow[];
}

export function groupChartData(
  groups: readonly GroupReport[],
  metrics: readonly string[] = GROUP_CHART_METRICS,
): GroupChartData {
  const series = metrics.filter((m) => groups.some((g) => (g.metrics[m]?.eligibleTasks ?? 0) > 0));
  const rows = groups.map((g) => {
    const values: Record<string, number | null> = {};
    for (const m of series) values[m] = g.metrics[m]?.value ?? null;
    return { group: g.group, tasks: g.tasks, values };
  });
  return { series, rows };
}
