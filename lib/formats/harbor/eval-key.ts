/**
 * Harbor's eval key (JobStats.format_agent_evals_key): `agent__model__dataset`, or `agent__dataset` when the
 * agent has no model; the dataset is the trial's `source`, "adhoc" when it has none.
 */
export interface EvalKey {
  agent: string | null;
  model: string | null;
  dataset: string | null;
}

export function formatEvalKey(agent: string, model: string | null, dataset: string | null): string {
  return model ? `${agent}__${model}__${dataset ?? "adhoc"}` : `${agent}__${dataset ?? "adhoc"}`;
}

/** The parts of a key; a model name holding "__" stays whole (agent first, dataset last, the model between). */
export function parseEvalKey(key: string): EvalKey {
  const parts = key.split("__");
  if (parts.length === 1) return { agent: key || null, model: null, dataset: null };
  if (parts.length === 2) return { agent: parts[0] || null, model: null, dataset: parts[1] || null };
  return {
    agent: parts[0] || null,
    model: parts.slice(1, -1).join("__") || null,
    dataset: parts[parts.length - 1] || null,
  };
}

/** Harbor cuts the task part of a trial name at 32 characters. */
export const TRIAL_PREFIX_LIMIT = 32;

/** The task part of a trial name (`3d-scan-calc__F8Fc7fn` -> `3d-scan-calc`), possibly cut at 32 characters. */
export function taskFromTrialName(trial: string): string {
  const cut = trial.lastIndexOf("__");
  return cut > 0 ? trial.slice(0, cut) : trial;
}

export function truncationWarning(taskId: string): string | null {
  return taskId.length >= TRIAL_PREFIX_LIMIT
    ? `task id ${taskId} comes from the trial name, where Harbor cuts it at ${TRIAL_PREFIX_LIMIT} characters: it may be truncated`
    : null;
}
