/** The series page of a series. */
export function seriesHref(name: string): string {
  return `/series/${encodeURIComponent(name)}`;
}

/** The leaderboard page of a series, a tag or a pick of runs. */
export function leaderboardHref(pick: { series: string } | { tag: string } | { runs: readonly string[] }): string {
  if ("series" in pick) return `/leaderboard?series=${encodeURIComponent(pick.series)}`;
  if ("tag" in pick) return `/leaderboard?tag=${encodeURIComponent(pick.tag)}`;
  return `/leaderboard?runs=${pick.runs.map(encodeURIComponent).join(",")}`;
}
