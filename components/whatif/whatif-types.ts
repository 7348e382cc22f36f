import type { Scenario } from "@/lib/scoring/scenario/scenario";
import type { WriteMode } from "@/components/url-state/use-url-state";

/** Applies an immutable edit (lib/scoring/scenario-edit) to the latest scenario and writes it to the URL. */
export type Edit = (edit: (current: Scenario) => Scenario, mode?: WriteMode) => void;
