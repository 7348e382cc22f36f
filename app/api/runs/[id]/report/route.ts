import { NextResponse } from "next/server";
import { requireRead } from "@/lib/api/auth";
import { ApiError, handle } from "@/lib/api/errors";
import { getDb } from "@/lib/db/client";
import { loadScoringRun } from "@/lib/db/queries/load-scoring-run";
import { computeReport } from "@/lib/scoring/report";
import { parseScenarioParam } from "@/lib/scoring/scenario";

export const dynamic = "force-dynamic";

/** The score report (SPEC §5), optionally under a what-if scenario given as `?scenario=<JSON>`. */
export const GET = handle(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  await requireRead(request);
  const { id } = await params;
  const scenario = parseScenarioParam(new URL(request.url).searchParams.get("scenario"));
  if (!scenario.success) throw new ApiError("invalid", "Invalid scenario.", scenario.issues.map((i) => ({ path: `scenario${i.path ? `.${i.path}` : ""}`, message: i.message })));
  const run = await loadScoringRun(getDb(), id);
  if (!run) throw new ApiError("not_found", `No run with id "${id}".`);
  return NextResponse.json(computeReport(run, scenario.data));
});
