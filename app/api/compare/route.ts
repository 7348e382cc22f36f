import { NextResponse } from "next/server";
import { requireRead } from "@/lib/api/auth";
import { compareBody } from "@/lib/api/compare-body";
import { compareStoredRuns, parseCompareRequest } from "@/lib/api/compare-request";
import { handle } from "@/lib/api/errors";
import { requestScenario } from "@/lib/api/scenario-request";

export const dynamic = "force-dynamic";

/**
 * GET /api/compare?runs=<id>,<id>[&a=<baseline id>][&metric=][&scenario=]: the `tally compare --json` body.
 * A is `a`, else the run marked as baseline, else the first listed. (`?a=<A>&b=<B>` redirects here: proxy.ts.)
 */
export const GET = handle(async (request: Request) => {
  await requireRead(request);
  const query = parseCompareRequest(request, 2);
  const scenario = requestScenario(new URL(request.url).searchParams.get("scenario"));
  const { a, candidates } = await compareStoredRuns(query, scenario);
  const b = candidates[0]!;
  return NextResponse.json(
    compareBody(
      {
        a: { ...a, ref: { id: a.ref, name: a.run.name } },
        b: { ...b, ref: { id: b.ref, name: b.run.name } },
      },
      scenario,
    ),
  );
});
