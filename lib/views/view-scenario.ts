import type { ScenarioIssue } from "@/lib/scoring/scenario/scenario";

/** What a page says of its scenario: the banner's description and issues, and the text its links carry. */
export interface ViewScenario {
  /** The scenario in words (empty when as recorded). */
  description: string[];
  /** Why the `scenario` parameter was not read, or null (the page is then as recorded). */
  issues: ScenarioIssue[] | null;
  /** The raw parameter links carry on, or null. */
  carried: string | null;
}
