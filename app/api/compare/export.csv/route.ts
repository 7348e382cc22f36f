import { z } from "zod";
import { requireRead } from "@/lib/api/auth";
import { compareCsvRows } from "@/lib/api/compare-csv";
import { csvResponse, toCsv } from "@/lib/api/csv";
import { ApiError, handle, zodDetails } from "@/lib/api/errors";
import { compareRuns } from "@/lib/scoring/report/compare";
import { orderCompareRuns, parseRunIds } from "@/lib/scoring/report/compare-order";
import { getStore } from "@/lib/store/open-store";

export const dynamic = "force-dynamic";

const ZQuery = z.object({
  runs: z.array(z.string().min(1)).min(2, "give at least two run ids"),
  a: z.string().min(1).optional(),
  metric: z.string().min(1).max(200).optional(),
});

/**
 * GET /api/compare/export.csv?runs=<id>,<id>[,<id>][&a=<baseline id>][&metric=]: the compare page's per-task
 * table, one row per (task, candidate). A is chosen as on the page: `a`, else the baseline run, else the first.
 */
export const GET = handle(async (request: Request) => {
  await requireRead(request);
  const params = new URL(request.url).searchParams;
  const query = ZQuery.safeParse({
    runs: parseRunIds(params.get("runs")),
    a: params.get("a") ?? undefined,
    metric: params.get("metric") ?? undefined,
  });
  if (!query.success)
    throw new ApiError(
      "malformed",
      "Give two or three run ids: /api/compare/export.csv?runs=<a>,<b>.",
      zodDetails(query.error),
    );
  const store = getStore();
  const briefs = await Promise.all(query.data.runs.map((id) => store.getRunBrief(id)));
  const missing = query.data.runs.filter((_, i) => !briefs[i]);
  if (missing.length > 0)
    throw new ApiError("not_found", `No run with id ${missing.map((id) => `"${id}"`).join(", ")}.`);
  const order = orderCompareRuns(query.data.runs, { a: query.data.a, baselineId: briefs.find((b) => b?.baseline)?.id });
  if (!order) throw new ApiError("malformed", "Give two different run ids.");
  const [a, ...candidates] = await Promise.all(
    [order.a, ...order.candidates].map((id) => store.snapshot(id).then((s) => s?.run ?? null)),
  );
  if (!a || candidates.some((c) => !c)) throw new ApiError("not_found", "A run disappeared while exporting.");
  const rows = compareCsvRows(
    a.name,
    candidates.map((b) => ({ name: b!.name, comparison: compareRuns(a, b!, { metric: query.data.metric }) })),
  );
  const names = [a, ...candidates].map((r) => r!.name).join("-vs-");
  return csvResponse(toCsv(rows), `compare-${names}.csv`);
});
