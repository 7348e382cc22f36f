import { z } from "zod";
import { SCHEMES } from "../core/schemes";
import { ZBudget } from "./budget";

/**
 * The what-if scenario (docs/scoring.md#what-if-scenarios): one JSON shape for the page, the URL, the API and
 * the CLI. Every field is optional and `{}` is the run as recorded. Unknown fields are rejected so a typo
 * ("weight" for "weights") is reported instead of silently ignored.
 */
const ZWeight = z.number().finite().nonnegative();

export const ZScheme = z.enum(SCHEMES);

export const ZScenarioFlip = z.strictObject({
  task: z.string().min(1),
  /** Absent: every rollout of the task. */
  rollout: z.string().min(1).optional(),
  /** Check key or label. */
  check: z.string().min(1),
  passed: z.boolean(),
});

export const ZScenarioRequired = z.strictObject({
  check: z.string().min(1),
  /** Absent: the check in every task. */
  task: z.string().min(1).optional(),
  required: z.boolean(),
});

export const ZScenario = z.strictObject({
  headline: z.strictObject({ metric: z.string().min(1).optional(), scheme: ZScheme.optional() }).optional(),
  weights: z.record(z.string(), ZWeight).optional(),
  groupWeights: z.record(z.string(), ZWeight).optional(),
  flips: z.array(ZScenarioFlip).optional(),
  required: z.array(ZScenarioRequired).optional(),
  unscored: z.enum(["exclude", "fail"]).optional(),
  passThreshold: z.number().finite().optional(),
  componentWeights: z.record(z.string(), ZWeight).optional(),
  /** Per-rollout limits on recorded measures (budget.ts): a scored rollout over one fails. */
  budget: ZBudget.optional(),
  /** BenchFlow: score each regraded rollout with its regraded reward instead of the recorded one (regraded.ts). */
  regraded: z.boolean().optional(),
  /**
   * "apply": each reviewed verdict counts as the reviewers' (lib/scoring/reviews/apply-reviews.ts), before the
   * scenario's own flips. The run's reviews are read where the run is (server, CLI) and become flips there.
   */
  reviews: z.literal("apply").optional(),
});

export type TScenario = z.infer<typeof ZScenario>;
export type Scenario = TScenario;
export type ScenarioFlip = z.infer<typeof ZScenarioFlip>;
export type ScenarioRequired = z.infer<typeof ZScenarioRequired>;

/** A problem with a scenario, with a dotted field path ("flips.0.passed") for 422 responses and forms. */
export interface ScenarioIssue {
  path: string;
  message: string;
}

export type ScenarioParseResult = { success: true; data: Scenario } | { success: false; issues: ScenarioIssue[] };

export function parseScenario(json: unknown): ScenarioParseResult {
  const parsed = ZScenario.safeParse(json);
  if (parsed.success) return { success: true, data: parsed.data };
  return {
    success: false,
    issues: parsed.error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message })),
  };
}

/** The `scenario` URL parameter: JSON text; an empty or absent parameter is `{}`. */
export function parseScenarioParam(text: string | null | undefined): ScenarioParseResult {
  if (text === null || text === undefined || text.trim() === "") return { success: true, data: {} };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // A fixed message: the engine's wording differs between Node and the browser, and the page renders on both.
    return { success: false, issues: [{ path: "", message: "not valid JSON" }] };
  }
  return parseScenario(json);
}

/** Own-property lookup, so a task named "constructor" never reads Object.prototype. */
export function ownValue<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}
