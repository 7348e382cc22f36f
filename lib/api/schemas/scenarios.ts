import { z } from "zod";
import { ZNewScenario, ZScenarioPut } from "@/lib/scoring/scenario/named-scenario";
import { ZScenario } from "@/lib/scoring/scenario/scenario";
import type { SavedScenario } from "@/lib/store/records";

/* /api/scenarios and /api/scenarios/:name: what-if scenarios saved under a name. */

export { ZNewScenario, ZScenarioPut };

export const ZSavedScenario = z
  .object({
    name: z.string(),
    description: z.string(),
    scenario: ZScenario,
    declared: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "SavedScenario" });

/** GET /api/scenarios. */
export const ZScenarioList = z.object({ scenarios: z.array(ZSavedScenario) });
/** POST /api/scenarios, GET and PUT /api/scenarios/:name. */
export const ZScenarioAnswer = z.object({ scenario: ZSavedScenario });

ZScenarioAnswer satisfies z.ZodType<{ scenario: SavedScenario }>;
