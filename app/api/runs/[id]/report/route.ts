import { NextResponse } from "next/server";
import { requireRead } from "@/lib/api/auth";
import { ApiError, handle } from "@/lib/api/errors";
import { parseReportQuery, reportPage, reportSummary } from "@/lib/api/report-page";
import { reportView } from "@/lib/views/report-view";
import { requestScenario } from "@/lib/api/scenario-request";
import { getStore } from "@/lib/store/open-store";

export const dynamic = "force-dynamic";

/**
 * The score report (docs/scoring.md#the-report-json), optionally under a what-if scenario `?scenario=<JSON>`;
 * `?rollouts=0` without its per-task and per-rollout lists, `?list=tasks|rollouts&limit&cursor` a page of one
 * (lib/api/report-page.ts).
 */
export const GET = handle(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  await requireRead(request);
  const { id } = await params;
  const searchParams = new URL(request.url).searchParams;
  const scenario = requestScenario(searchParams.get("scenario"));
  const query = parseReportQuery(searchParams);
  const report = await reportView(getStore(), id, scenario);
  if (!report) throw new ApiError("not_found", `No run with id "${id}".`);
  if (query.kind === "summary") return NextResponse.json(reportSummary(report));
  if (query.kind === "page") return NextResponse.json(reportPage(report, query));
  return NextResponse.json(report);
});
