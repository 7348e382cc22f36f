import { NextResponse } from "next/server";
import { requireRead } from "@/lib/api/auth";
import { ApiError, handle } from "@/lib/api/errors";
import { withLevers } from "@/lib/scoring/report/levers";
import { computeReport } from "@/lib/scoring/report/report";
import { parseScenarioParam } from "@/lib/scoring/scenario/scenario";
import { getStore } from "@/lib/store/open-store";

export const dynamic = "force-dynamic";

/** The score report (docs/scoring.md#the-report-json), optionally under a what-if scenario `?scenario=<JSON>`. */
export const GET = handle(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  await requireRead(request);
  const { id } = await params;
  const scenario = parseScenarioParam(new URL(request.url).searchParams.get("scenario"));
  if (!scenario.success)
    throw new ApiError(
      "invalid",
      "Invalid scenario.",
      scenario.issues.map((i) => ({ path: `scenario${i.path ? `.${i.path}` : ""}`, message: i.message })),
    );
  const snapshot = await getStore().snapshot(id);
  if (!snapshot) throw new ApiError("not_found", `No run with id "${id}".`);
  const asRecorded = Object.keys(scenario.data).length === 0;
  if (asRecorded) return NextResponse.json({ ...snapshot.recorded, levers: snapshot.levers });
  return NextResponse.json(withLevers(computeReport(snapshot.run, scenario.data), snapshot.run, scenario.data));
});
