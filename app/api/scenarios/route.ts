import { NextResponse } from "next/server";
import { requireRead, requireWrite } from "@/lib/api/auth";
import { handle } from "@/lib/api/errors";
import { readScenarioBody, savedOrThrow } from "@/lib/api/scenario-body";
import { ZNewScenario } from "@/lib/scoring/scenario/named-scenario";
import { getStore } from "@/lib/store/open-store";

export const dynamic = "force-dynamic";

/** GET /api/scenarios: every saved scenario, by name. */
export const GET = handle(async (request: Request) => {
  await requireRead(request);
  return NextResponse.json({ scenarios: await getStore().listScenarios() });
});

/** POST /api/scenarios {"name", "description"?, "scenario"}: saves a named scenario; 201, 409 on a taken name. */
export const POST = handle(async (request: Request) => {
  requireWrite(request);
  const body = await readScenarioBody(request, ZNewScenario);
  const scenario = savedOrThrow(await getStore().createScenario(body), body.name);
  return NextResponse.json({ scenario }, { status: 201 });
});
