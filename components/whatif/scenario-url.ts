import type { UrlCodec } from "@/components/url-state/url-codec";
import type { Scenario } from "@/lib/scoring/scenario/scenario";
import { readScenarioParam } from "@/lib/views/scenario-param";
import { scenarioParam } from "@/lib/scoring/scenario/scenario-edit";

/**
 * The what-if scenario as it lives in the URL: the `scenario` parameter, compact JSON, absent for the run as
 * recorded; every other parameter is kept in its order. A parameter that does not parse reads as the run as
 * recorded (the run page says why).
 */
export const scenarioCodec: UrlCodec<Scenario> = {
  parse: (params) => readScenarioParam(params.get("scenario")).scenario,
  write: (scenario, search) => {
    const params = new URLSearchParams(search);
    const param = scenarioParam(scenario);
    if (param === null) params.delete("scenario");
    else params.set("scenario", param);
    return params.toString();
  },
};
