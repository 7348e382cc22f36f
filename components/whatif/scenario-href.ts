import type { Scenario } from "@/lib/scoring/scenario/scenario";
import { scenarioParam } from "@/lib/scoring/scenario/scenario-edit";

/**
 * `path` with the query string `search` (as in window.location.search) and the `scenario` parameter set to
 * `scenario` (removed when it is the run as recorded). Other parameters are kept in their order.
 */
export function scenarioHref(path: string, search: string, scenario: Scenario): string {
  const params = new URLSearchParams(search);
  const param = scenarioParam(scenario);
  if (param === null) params.delete("scenario");
  else params.set("scenario", param);
  const query = params.toString();
  return query === "" ? path : `${path}?${query}`;
}
