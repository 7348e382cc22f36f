import { withReviews, type ReviewFlips } from "@/lib/scoring/reviews/apply-reviews";
import { scenarioParam } from "@/lib/scoring/scenario/scenario-edit";
import type { Scenario } from "@/lib/scoring/scenario/scenario";
import { readScenarioParam } from "@/lib/views/scenario-param";

/** How many texts' scenarios are kept: the URL's, and the ones written ahead of its render. */
const KEPT = 4;

/**
 * What the run page's worker scores for a URL's scenario text: its key ("" for none, or for a text that carries
 * no scenario: the run as recorded) and the scenario with the run's reviews as flips. The same text gives the
 * same scenario object, so the request asked for as a change is written (useUrlWrites) and the one the page
 * makes once it has rendered the new URL are seen to be one.
 */
export function scoringScenarios(reviewed: ReviewFlips | null): {
  keyOf: (text: string | null) => string;
  scenarioOf: (key: string) => Scenario;
  keyOfView: (view: Scenario) => string;
} {
  const kept = new Map<string, Scenario>();
  const keyOf = (text: string | null) => (text && readScenarioParam(text).carried !== null ? text : "");
  const scenarioOf = (key: string) => {
    let scenario = kept.get(key);
    if (scenario === undefined) {
      const parsed = key === "" ? {} : readScenarioParam(key).scenario;
      scenario = reviewed ? withReviews(parsed, reviewed) : parsed;
      if (kept.size >= KEPT) kept.delete(kept.keys().next().value!);
      kept.set(key, scenario);
    }
    return scenario;
  };
  return { keyOf, scenarioOf, keyOfView: (view) => keyOf(scenarioParam(view)) };
}
