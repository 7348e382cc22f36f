/* The API URLs a page fetches more of a rollout from. */

/** The rollout API of a rollout (`/api/runs/:id/rollouts/:rollout`): its checks, texts and trace are under it. */
export function rolloutApiUrl(runId: string, rolloutId: string): string {
  return `/api/runs/${encodeURIComponent(runId)}/rollouts/${encodeURIComponent(rolloutId)}`;
}

/** The whole of one of a rollout's texts, or of one of its checks' (by stored order), as text/plain. */
export function textUrl(
  rolloutApi: string,
  field: "agentOutput" | "error" | "metadata" | "detail" | "reason",
  check?: number,
): string {
  const query = new URLSearchParams({ field });
  if (check !== undefined) query.set("check", String(check));
  return `${rolloutApi}/text?${query.toString()}`;
}

/** The grid API of a task (`/api/runs/:id/tasks/:task/grid`): a page of its checks × rollouts rows. */
export function taskGridUrl(runId: string, taskKey: string): string {
  return `/api/runs/${encodeURIComponent(runId)}/tasks/${encodeURIComponent(taskKey)}/grid`;
}
