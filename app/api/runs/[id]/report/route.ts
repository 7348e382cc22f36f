import { NextResponse } from "next/server";
import { requireRead } from "@/lib/api/auth";
import { ApiError, handle } from "@/lib/api/errors";
import { scenarioWithReviews } from "@/lib/api/reviewed-scenario";
import { jsonResponse } from "@/lib/api/json-response";
import { checkWholeReport, parseReportQuery, reportPage, reportSummary } from "@/lib/api/report-page";
import { reportView } from "@/lib/views/report-view";
import { requestScenario } from "@/lib/api/scenario-request";
import { getStore } from "@/lib/store/open-store";

export const dynamic = "force-dynamic";

/**
 * The score report (docs/scoring.md#the-report-json), optionally under a what-if scenario `?scenario=<JSON>`
 * (`reviews: "apply"` reads the run's reviews);
 * `?rollouts=0` without its per-task and per-rollout lists, `?list=tasks|rollouts&limit&cursor` a page of one
 * (lib/api/report-page.ts). Whole up to WHOLE_REPORT_MAX_ROLLOUTS rollouts (413 past it). The whole report and
 * the summary carry `failureGroups` (lib/scoring/report/failure-groups.ts).
 */
export const GET = handle(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  await requireRead(request);
  const { id } = await params;
  const searchParams = new URL(request.url).searchParams;
  const scenario = requestScenario(searchParams.get("scenario"));
  const query = parseReportQuery(searchParams);
  const store = getStore();
  if (query.kind === "whole") checkWholeReport(id, await store.rolloutCount(id));
  const view = await reportView(store, id, await scenarioWithReviews(store, id, scenario));
  if (!view) throw new ApiError("not_found", `No run with id "${id}".`);
  const { report, agreement } = view;
  if (query.kind === "page") return NextResponse.json(reportPage(report, query));
  // How far the graders agree with the run's reviewers, when it has reviews (docs/scoring.md#reviews).
  const reviews = agreement ? { reviews: agreement } : {};
  if (query.kind === "summary")
    return NextResponse.json({ ...reportSummary(report), failureGroups: report.failureGroups, ...reviews });
  // Written as the client reads it: the text of a whole report is tens of MB (lib/api/json-response.ts).
  return jsonResponse({ ...report, ...reviews });
});
