import { isJsonObject } from "../json";
import type { Json } from "../types";
import type { TEvalSample } from "./schema";

/** A sample's token and cost figures; null where the log records none. */
export interface SampleUsage {
  tokens: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
  cachedTokens: number | null;
  costUsd: number | null;
}

type UsageEntry = Readonly<Record<string, unknown>>;

/** The sum of one field over the entries that record it; null when none does. */
function sumOf(entries: readonly UsageEntry[], field: string): number | null {
  let total: number | null = null;
  for (const entry of entries) {
    const value = entry[field];
    if (typeof value === "number" && Number.isFinite(value)) total = (total ?? 0) + value;
  }
  return total;
}

/**
 * `model_usage` summed over the sample's models (a sample that called a grader model counts its tokens too):
 * input_tokens, output_tokens, input_tokens_cache_read, total_cost. A log without `model_usage` is read from
 * the output's own `usage`. `tokens` is input + output where both are recorded, else `total_tokens`.
 */
export function sampleUsage(sample: TEvalSample, output: Json | undefined): SampleUsage {
  const models = sample.model_usage ? Object.values(sample.model_usage) : [];
  const own = isJsonObject(output) && isJsonObject(output.usage) ? [output.usage] : [];
  const entries: readonly UsageEntry[] = models.length > 0 ? models : own;
  const inputTokens = sumOf(entries, "input_tokens");
  const outputTokens = sumOf(entries, "output_tokens");
  return {
    tokens: inputTokens !== null && outputTokens !== null ? inputTokens + outputTokens : sumOf(entries, "total_tokens"),
    inputTokens,
    outputTokens,
    cachedTokens: sumOf(entries, "input_tokens_cache_read"),
    costUsd: sumOf(entries, "total_cost"),
  };
}
