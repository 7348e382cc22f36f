import { requireRead } from "@/lib/api/auth";
import { compareCsvRows } from "@/lib/api/compare-csv";
import { compareStoredRuns, parseCompareRequest } from "@/lib/api/compare-request";
import { csvResponse, toCsv } from "@/lib/api/csv";
import { handle } from "@/lib/api/errors";
import { requestScenario } from "@/lib/api/scenario-request";

export const dynamic = "force-dynamic";

/**
 * GET /api/compare/export.csv?runs=<id>,<id>[,<id>][&a=<baseline id>][&metric=][&scenario=]: the compare page's
 * per-task table, one row per (task, candidate). A is chosen as on the page: `a`, else the baseline run, else the
 * first; both runs are scored under the scenario, as on the page.
 */
export const GET = handle(async (request: Request) => {
  await requireRead(request);
  const scenario = requestScenario(new URL(request.url).searchParams.get("scenario"));
  const { a, candidates } = await compareStoredRuns(parseCompareRequest(request), scenario);
  const rows = compareCsvRows(
    a.run.name,
    candidates.map((b) => ({ name: b.run.name, comparison: b.comparison })),
  );
  const names = [a, ...candidates].map((r) => r.run.name).join("-vs-");
  return csvResponse(toCsv(rows), `compare-${names}.csv`);
});
