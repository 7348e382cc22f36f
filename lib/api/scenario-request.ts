import { ApiError } from "./errors";
import type { Scenario } from "@/lib/scoring/scenario/scenario";
import { readScenarioParam, scenarioIssueDetails } from "@/lib/views/scenario-param";

/** A request's `scenario` parameter, or the API's 422 naming each field that is wrong in it. */
export function requestScenario(text: string | null | undefined): Scenario {
  const { scenario, issues } = readScenarioParam(text);
  if (issues) throw new ApiError("invalid", "Invalid scenario.", scenarioIssueDetails(issues));
  return scenario;
}
