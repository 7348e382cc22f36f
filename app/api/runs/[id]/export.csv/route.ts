import { requireRead } from "@/lib/api/auth";
import { csvResponse, toCsv } from "@/lib/api/csv";
import { ApiError, handle } from "@/lib/api/errors";
import { runCsvRows } from "@/lib/api/run-csv";
import { getStore } from "@/lib/store/open-store";

export const dynamic = "force-dynamic";

/** GET /api/runs/:id/export.csv: every rollout with its checks, one row per (rollout, check). */
export const GET = handle(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  await requireRead(request);
  const { id } = await params;
  const run = await getStore().getRunExport(id);
  if (!run) throw new ApiError("not_found", `No run with id "${id}".`);
  return csvResponse(toCsv(runCsvRows(run.name, run.rollouts)), `${run.name}-rollouts.csv`);
});
