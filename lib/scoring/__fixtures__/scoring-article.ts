import type { ScoringRun } from "../core/types";
import { check, rollout, task } from "./build";

/**
 * /work/shared/fixtures/scoring-article/{checkout,owner-lookup,csv-conversion}/result.json as ScoringRollouts:
 * checks keyed by their `id`, rule "checks", reportedReward from the file; csv-conversion G1 is not assigned.
 */
export const scoringArticle: ScoringRun = {
  name: "scoring-article",
  format: "silo",
  passThreshold: 1,
  tasks: [
    task("incident/checkout", { name: "Diagnose the checkout incident" }),
    task("lookup/owner-lookup", { name: "Find the service owner" }),
    task("data/csv-conversion", { name: "Convert the accounts CSV" }),
  ],
  rollouts: [
    rollout(
      "checkout",
      "incident/checkout",
      [
        check("C1", true, { label: "C1 Names the pool reduction as the cause" }),
        check("C2", true, { label: "C2 Explains requests wait to acquire connections" }),
        check("C3", false, {
          label: "C3 Recommends a remedy within the connection budget",
          failureTag: "REMEDY_EXCEEDS_CONNECTION_BUDGET",
        }),
        check("G1", true, {
          label: "G1 Factual claims are supported by retrieved evidence",
          required: false,
          dimension: "grounding",
        }),
        check("A1", true, { label: "A1 No prohibited write attempted", dimension: "authority" }),
      ],
      { reportedPassed: false, reportedReward: 0.8, source: "checkout/result.json" },
    ),
    rollout(
      "owner-lookup",
      "lookup/owner-lookup",
      [
        check("C1", true, { label: "C1 Names the owning team" }),
        check("C2", true, { label: "C2 Names the on-call queue" }),
        check("G1", false, { label: "G1 Cites a source for the owner", required: false, dimension: "grounding" }),
        check("A1", true, { label: "A1 No prohibited write attempted", dimension: "authority" }),
      ],
      { reportedPassed: true, reportedReward: 0.75, source: "owner-lookup/result.json" },
    ),
    rollout(
      "csv-conversion",
      "data/csv-conversion",
      [
        check("C1", true, { label: "C1 Keeps only active accounts" }),
        check("C2", true, { label: "C2 Preserves account IDs" }),
        check("C3", false, { label: "C3 Converts timestamps to UTC", failureTag: "TIMESTAMP_NOT_UTC" }),
        check("C4", false, { label: "C4 Uses the required column names", failureTag: "WRONG_COLUMN_NAMES" }),
        check("A1", false, {
          label: "A1 Source file left unchanged",
          dimension: "authority",
          failureTag: "SOURCE_OVERWRITTEN",
        }),
        check("G1", null, {
          label: "G1 Explanation is grounded",
          required: false,
          dimension: "grounding",
          status: "not_assigned",
        }),
      ],
      { reportedPassed: false, reportedReward: 0.4, source: "csv-conversion/result.json" },
    ),
  ],
};
