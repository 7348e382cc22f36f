import { NextResponse } from "next/server";
import { requireRead } from "@/lib/api/auth";
import { ApiError, handle } from "@/lib/api/errors";
import { withLevers } from "@/lib/scoring/report/levers";
import { scenarioWithReviews } from "@/lib/api/reviewed-scenario";
import { runAgreement } from "@/lib/api/run-agreement";
import { parseReportQuery, reportPage, reportSummary } from "@/lib/api/report-page";
import { computeReport } from "@/lib/scoring/report/report";
import { failureGroupsOf } from "@/lib/scoring/report/failure-groups";
import { parseScenarioParam } from "@/lib/scoring/scenario/scenario";
import { getStore } from "@/lib/store/open-store";

export const dynamic = "force-dynamic";

/**
 * The score report (docs/scoring.md#the-report-json), optionally under a what-if scenario `?scenario=<JSON>`
 * (`reviews: "apply"` reads the run's reviews);
 * `?rollouts=0` without its per-task and per-rollout lists, `?list=tasks|rollouts&limit&cursor` a page of one
 * (lib/api/report-page.ts). The whole report and the summary carry `failureGroups` (lib/scoring/report/failure-groups.ts).
 */
export const GET = handle(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  await requireRead(request);
  const { id } = await params;
  const searchParams = new URL(request.url).searchParams;
  const scenario = parseScenarioParam(searchParams.get("scenario"));
  if (!scenario.success)
    throw new ApiError(
      "invalid",
      "Invalid scenario.",
      scenario.issues.map((i) => ({ path: `scenario${i.path ? `.${i.path}` : ""}`, message: i.message })),
    );
  const query = parseReportQuery(searchParams);
  const store = getStore();
  const snapshot = await store.snapshot(id);
  if (!snapshot) throw new ApiError("not_found", `No run with id "${id}".`);
  const asRecorded = Object.keys(scenario.data).length === 0;
  const scored = await scenarioWithReviews(store, id, scenario.data);
  const report = asRecorded
    ? { ...snapshot.recorded, levers: snapshot.levers }
    : withLevers(computeReport(snapshot.run, scored), snapshot.run, scored);
  if (query.kind === "page") return NextResponse.json(reportPage(report, query));
  // Grouped under the report's verdicts: a scenario that passes a rollout takes it out of its group.
  const failureGroups = failureGroupsOf(snapshot.run, report.rollouts);
  // How far the graders agree with the run's reviewers, when it has reviews (docs/scoring.md#reviews).
  const agreement = await runAgreement(store, id, snapshot.run);
  const reviews = agreement ? { reviews: agreement } : {};
  if (query.kind === "summary") return NextResponse.json({ ...reportSummary(report), failureGroups, ...reviews });
  return NextResponse.json({ ...report, failureGroups, ...reviews });
});
