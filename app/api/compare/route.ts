import { NextResponse } from "next/server";
import { z } from "zod";
import { requireRead } from "@/lib/api/auth";
import { compareBody } from "@/lib/api/compare-body";
import { ApiError, handle, zodDetails } from "@/lib/api/errors";
import { compareRuns } from "@/lib/scoring/report/compare";
import { parseScenarioParam } from "@/lib/scoring/scenario/scenario";
import { getStore } from "@/lib/store/open-store";

export const dynamic = "force-dynamic";

const ZQuery = z.object({ a: z.string().min(1), b: z.string().min(1), metric: z.string().min(1).optional() });

/** GET /api/compare?a=<baseline id>&b=<candidate id>[&metric=][&scenario=]: the `tally compare --json` body. */
export const GET = handle(async (request: Request) => {
  await requireRead(request);
  const params = new URL(request.url).searchParams;
  const query = ZQuery.safeParse({
    a: params.get("a") ?? undefined,
    b: params.get("b") ?? undefined,
    metric: params.get("metric") ?? undefined,
  });
  if (!query.success)
    throw new ApiError(
      "malformed",
      "Give two run ids: /api/compare?a=<baseline>&b=<candidate>.",
      zodDetails(query.error),
    );
  const scenario = parseScenarioParam(params.get("scenario"));
  if (!scenario.success) throw new ApiError("invalid", "Invalid scenario.", scenario.issues);
  const store = getStore();
  const [a, b] = await Promise.all([
    store.snapshot(query.data.a).then((s) => s?.run ?? null),
    store.snapshot(query.data.b).then((s) => s?.run ?? null),
  ]);
  if (!a) throw new ApiError("not_found", `No run with id "${query.data.a}".`);
  if (!b) throw new ApiError("not_found", `No run with id "${query.data.b}".`);
  const comparison = compareRuns(a, b, { metric: query.data.metric, scenario: scenario.data });
  return NextResponse.json(
    compareBody(comparison, { id: query.data.a, name: a.name }, { id: query.data.b, name: b.name }),
  );
});
