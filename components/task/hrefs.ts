/**
 * Links between the run, task and rollout pages. A what-if scenario set on one page travels with the user:
 * the raw `scenario` parameter is carried over unchanged (only when it parsed, so a broken one is not spread).
 */
export function withScenario(path: string, scenarioParam: string | null): string {
  if (scenarioParam === null || scenarioParam.trim() === "") return path;
  return `${path}?${new URLSearchParams({ scenario: scenarioParam }).toString()}`;
}

export function runHref(runId: string, scenarioParam: string | null): string {
  return withScenario(`/runs/${encodeURIComponent(runId)}`, scenarioParam);
}

export function taskHref(runId: string, taskRowId: string, scenarioParam: string | null): string {
  return withScenario(`/runs/${encodeURIComponent(runId)}/tasks/${encodeURIComponent(taskRowId)}`, scenarioParam);
}

export function rolloutHref(runId: string, rolloutRowId: string, scenarioParam: string | null): string {
  return withScenario(`/runs/${encodeURIComponent(runId)}/rollouts/${encodeURIComponent(rolloutRowId)}`, scenarioParam);
}

/** The `scenario` search parameter as one string, or null (repeated parameters: the first). */
export function scenarioParamOf(searchParams: Record<string, string | string[] | undefined>): string | null {
  const value = searchParams.scenario;
  const text = Array.isArray(value) ? value[0] : value;
  return text === undefined || text.trim() === "" ? null : text;
}
