import { RunSnapshot } from "@/lib/scoring/run-snapshot";
import type { ScoringRun } from "@/lib/scoring/core/types";
import type { Report } from "@/lib/scoring/report/report-types";
import { failureGroupsOfColumns, type FailureGroup } from "@/lib/scoring/report/failure-groups";
import type { Scenario } from "@/lib/scoring/scenario/scenario";
import type { Store } from "@/lib/store/store";
import { runAgreement, type RunReviewsReport } from "./run-agreement";
import { runSnapshot } from "./run-caches";

/**
 * The score report of a run at hand as objects (files the CLI reads, a run being stored), scored from its
 * columns; `levers`: with the fragile verdicts under the scenario.
 */
export function reportOf(run: ScoringRun, scenario: Scenario = {}, options: { levers?: boolean } = {}): Report {
  return reportOfSnapshot(new RunSnapshot(run), scenario, options);
}

function reportOfSnapshot(snapshot: RunSnapshot, scenario: Scenario, { levers = false }: { levers?: boolean }) {
  // As recorded, the snapshot's kept report and levers; under a scenario, scored from the columns.
  if (Object.keys(scenario).length === 0)
    return levers ? { ...snapshot.recorded, levers: snapshot.levers } : snapshot.recorded;
  const report = snapshot.report(scenario);
  return levers ? { ...report, levers: snapshot.leversUnder(scenario) } : report;
}

/**
 * A stored run's report under a scenario, with its levers and its failure groups (GET /api/runs/:id/report), and
 * how far its graders agree with its reviewers when it has reviews; null when the run is gone.
 */
export async function reportView(
  store: Store,
  runId: string,
  scenario: Scenario,
): Promise<{ report: Report & { failureGroups: FailureGroup[] }; agreement: RunReviewsReport | null } | null> {
  const snapshot = await runSnapshot(store, runId);
  if (!snapshot) return null;
  const report = reportOfSnapshot(snapshot, scenario, { levers: true });
  // Grouped under the report's verdicts: a scenario that passes a rollout takes it out of its group.
  return {
    report: { ...report, failureGroups: failureGroupsOfColumns(snapshot.columns, report.rollouts) },
    agreement: await runAgreement(store, runId, () => snapshot.run),
  };
}
