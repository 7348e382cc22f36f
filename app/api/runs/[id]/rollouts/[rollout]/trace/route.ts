import { NextResponse } from "next/server";
import { requireRead } from "@/lib/api/auth";
import { ApiError, handle, zodDetails } from "@/lib/api/errors";
import { readStoredTrace, traceEvidence } from "@/lib/views/rollout-trace";
import { readIndexedTracePage, withIndexedRefs } from "@/lib/views/indexed-trace";
import { getStore } from "@/lib/store/open-store";
import { cutLongTexts, pageSteps, ZTracePageQuery } from "@/lib/traces";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ id: string; rollout: string }> };

/**
 * GET /api/runs/:id/rollouts/:rollout/trace?offset&limit: a page of the rollout's trace steps with the trace's
 * totals (each step whole: its unmapped fields under `extra`), and the checks citing those steps (`citations`
 * by step index, at most CITATIONS_PER_STEP each; `citedBy`: how many cite a step that more cite). A trace that cannot be read answers 200 with no steps, `status: "raw"` and the file's start as text;
 * a rollout without a trace, `status: "none"`. A big trace (docs/traces.md) reads only the page's steps, by its
 * index, lists its error steps (`errorSteps`), and cuts each step's long texts (`cut` on the step says so);
 * `whole=1` answers the step at `offset` alone, whole.
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
  // An indexed trace comes without steps: this page is read by its index below.
  const read = await readStoredTrace(store, rollout, { cache: true, indexedSteps: 0 });
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
  const { offset, whole } = query.data;
  const limit = whole ? 1 : query.data.limit;
  // A big trace reads only this page's steps, by its index, and sends their long texts cut unless asked whole.
  const page = trace.indexed
    ? {
        total: trace.totals.steps,
        offset,
        limit,
        steps: (await readIndexedTracePage(store, trace, offset, limit)).map((s) => (whole ? s : cutLongTexts(s))),
      }
    : pageSteps(trace, { offset, limit });
  const refs = await store.getCheckRefs(id, rolloutId);
  const evidence = traceEvidence(refs, null, await withIndexedRefs(store, read, refs.length > 0));
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
    ...(trace.indexed ? { errorSteps: trace.indexed.errors } : {}),
    offset: page.offset,
    limit: page.limit,
    steps: page.steps,
    citations: inPage(evidence.citations),
    citedBy: inPage(evidence.citedBy),
  });
});
