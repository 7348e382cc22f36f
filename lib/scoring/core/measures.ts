/**
 * What a rollout cost and how much effort it took, in the units its harness recorded them. Measures are shown
 * beside success and never change a score, except through an explicit execution budget (a scenario field).
 * A measure the rollout does not record is absent: "not recorded", never 0.
 */
export const MEASURE_KEYS = [
  "durationMs",
  "agentMs",
  "inputTokens",
  "outputTokens",
  "cachedTokens",
  "tokens",
  "costUsd",
  "toolCalls",
  "toolErrors",
  "steps",
] as const;

export type MeasureKey = (typeof MEASURE_KEYS)[number];

/** Recorded measures of one rollout; `tokens` is input + output where both are known, else the recorded total. */
export type Measures = Readonly<Partial<Record<MeasureKey, number>>>;

/** Only finite, non-negative figures are measures; anything else is "not recorded". */
export function measuresOf(values: Readonly<Partial<Record<MeasureKey, number | null | undefined>>>): Measures {
  const out: Partial<Record<MeasureKey, number>> = {};
  for (const key of MEASURE_KEYS) {
    const value = values[key];
    if (typeof value === "number" && Number.isFinite(value) && value >= 0) out[key] = value;
  }
  if (out.tokens === undefined && out.inputTokens !== undefined && out.outputTokens !== undefined)
    out.tokens = out.inputTokens + out.outputTokens;
  return out;
}
