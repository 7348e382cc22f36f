import { NextResponse } from "next/server";
import { requireRead, requireWrite } from "@/lib/api/auth";
import { handle } from "@/lib/api/errors";
import { readScenarioBody, savedOrThrow, scenarioNotFound } from "@/lib/api/scenario-body";
import { ZScenarioPut } from "@/lib/scoring/scenario/named-scenario";
import { getStore } from "@/lib/store/open-store";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ name: string }> };

export const GET = handle(async (request: Request, { params }: Params) => {
  await requireRead(request);
  const { name } = await params;
  const scenario = await getStore().getScenario(name);
  if (!scenario) throw scenarioNotFound(name);
  return NextResponse.json({ scenario });
});

/**
 * PUT /api/scenarios/:name {"name"?, "description"?, "scenario"?, "declared"?}: renames or changes it; declaring
 * it undeclares any other. Answers the stored scenario; 404 for an unknown name, 409 for a taken new name.
 */
export const PUT = handle(async (request: Request, { params }: Params) => {
  requireWrite(request);
  const { name } = await params;
  const changes = await readScenarioBody(request, ZScenarioPut);
  const scenario = savedOrThrow(await getStore().updateScenario(name, changes), name, changes.name);
  return NextResponse.json({ scenario });
});

/** DELETE /api/scenarios/:name: 204. */
export const DELETE = handle(async (request: Request, { params }: Params) => {
  requireWrite(request);
  const { name } = await params;
  if (!(await getStore().deleteScenario(name))) throw scenarioNotFound(name);
  return new Response(null, { status: 204 });
});
