/** The series page of a series. */
export function seriesHref(name: string): string {
  return `/series/${encodeURIComponent(name)}`;
}

/** A task's history in a series: the series page with the matrix showing that task. */
export function seriesTaskHref(name: string, task: string): string {
  return `${seriesHref(name)}?task=${encodeURIComponent(task)}`;
}

/** The leaderboard page of a series, a tag or a pick of runs. */
export function leaderboardHref(pick: { series: string } | { tag: string } | { runs: readonly string[] }): string {
  if ("series" in pick) return `/leaderboard?series=${encodeURIComponent(pick.series)}`;
  if ("tag" in pick) return `/leaderboard?tag=${encodeURIComponent(pick.tag)}`;
  return `/leaderboard?runs=${pick.runs.map(encodeURIComponent).join(",")}`;
}
