import { NextResponse } from "next/server";
import { requireRead } from "@/lib/api/auth";
import { ApiError, handle, zodDetails } from "@/lib/api/errors";
import { readStoredTrace, traceEvidence } from "@/lib/views/rollout-trace";
import { getStore } from "@/lib/store/open-store";
import { pageSteps, ZTracePageQuery } from "@/lib/traces";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ id: string; rollout: string }> };

/**
 * GET /api/runs/:id/rollouts/:rollout/trace?offset&limit: a page of the rollout's trace steps with the trace's
 * totals (each step whole: its unmapped fields under `extra`), and the checks citing those steps (`citations`
 * by step index, at most CITATIONS_PER_STEP each; `citedBy`: how many cite a step that more cite). A trace that cannot be read answers 200 with no steps, `status: "raw"` and the file's start as text;
 * a rollout without a trace, `status: "none"`.
 */
export const GET = handle(async (request: Request, { params }: Params) => {
  await requireRead(request);
  const { id, rollout: rolloutId } = await params;
  const query = ZTracePageQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success)
    throw new ApiError("malformed", "offset and limit must be whole numbers.", zodDetails(query.error));
  const store = getStore();
  const rollout = await store.getRolloutHead(id, rolloutId, { textHead: 0 });
  if (!rollout) throw new ApiError("not_found", `No rollout "${rolloutId}" in run "${id}".`);
  const read = await readStoredTrace(store, rollout);
  if (read.kind !== "trace") {
    const empty = {
      total: 0,
      toolCalls: 0,
      toolErrors: 0,
      offset: query.data.offset,
      limit: query.data.limit,
      steps: [],
    };
    return NextResponse.json(
      read.kind === "raw" ? { ...empty, status: "raw", raw: read.raw } : { ...empty, status: "none", why: read.why },
    );
  }
  const { trace } = read;
  const page = pageSteps(trace, query.data);
  const evidence = traceEvidence(await store.getCheckRefs(id, rolloutId), null, read);
  const inPage = <T>(byStep: Record<number, T>) =>
    Object.fromEntries(
      Object.entries(byStep).filter(([s]) => Number(s) >= page.offset && Number(s) < page.offset + page.steps.length),
    );
  return NextResponse.json({
    status: "read",
    format: trace.format,
    path: trace.path,
    total: page.total,
    toolCalls: trace.totals.toolCalls,
    toolErrors: trace.totals.toolErrors,
    totals: trace.totals,
    warnings: trace.warnings,
    offset: page.offset,
    limit: page.limit,
    steps: page.steps,
    citations: inPage(evidence.citations),
    citedBy: inPage(evidence.citedBy),
  });
});
