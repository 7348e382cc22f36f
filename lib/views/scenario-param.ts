import { parseScenarioParam, type Scenario, type ScenarioIssue } from "@/lib/scoring/scenario/scenario";

/**
 * A `scenario` URL parameter as every view reads it: what the view scores under, the text its links carry, and
 * what is wrong with it. An invalid parameter is scored as recorded and said (pages), or refused (the API,
 * scenario-request.ts); either way its issues name the fields as `scenarioIssueDetails` gives them.
 */
export interface ScenarioParam {
  scenario: Scenario;
  /** The raw parameter when it parsed and is not empty, which links carry on; null otherwise (a broken one is not spread). */
  carried: string | null;
  /** Why it did not parse, or null. */
  issues: ScenarioIssue[] | null;
}

export function readScenarioParam(text: string | null | undefined): ScenarioParam {
  const parsed = parseScenarioParam(text);
  if (!parsed.success) return { scenario: {}, carried: null, issues: parsed.issues };
  const carried = text === null || text === undefined || text.trim() === "" ? null : text;
  return { scenario: parsed.data, carried, issues: null };
}

/** The issues as error details: each path under `scenario` ("scenario.flips.0.passed"). */
export function scenarioIssueDetails(issues: readonly ScenarioIssue[]): ScenarioIssue[] {
  return issues.map((i) => ({ path: `scenario${i.path ? `.${i.path}` : ""}`, message: i.message }));
}
