import { NextResponse } from "next/server";
import { requireRead } from "@/lib/api/auth";
import { ApiError, handle } from "@/lib/api/errors";
import { parseQuery } from "@/lib/api/check-queries";
import { ZGridQuery } from "@/lib/api/schemas/tasks";
import { requestScenario } from "@/lib/api/scenario-request";
import { taskGridPage } from "@/lib/views/check-pages";
import { getStore } from "@/lib/store/open-store";
import { runSnapshot } from "@/lib/views/run-caches";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ id: string; task: string }> };

/**
 * GET /api/runs/:id/tasks/:task/grid?offset&limit&failing&scenario (the task key as one URL-encoded segment): a
 * page of the task's checks × rollouts grid under the scenario, rows in the grid's order (failed required
 * first; `failing=1`: only checks that fail somewhere), each cell with its check's texts cut:
 * `{total, offset, rollouts, rows}`. What the task page's grid fetches as the reader scrolls.
 */
export const GET = handle(async (request: Request, { params }: Params) => {
  await requireRead(request);
  const { id, task } = await params;
  const query = parseQuery(ZGridQuery, request.url);
  const scenario = requestScenario(query.scenario);
  const store = getStore();
  const snapshot = await runSnapshot(store, id);
  if (!snapshot?.hasTask(task)) throw new ApiError("not_found", `No task "${task}" in run "${id}".`);
  return NextResponse.json(
    await taskGridPage(store, id, snapshot, task, scenario, {
      offset: query.offset,
      limit: query.limit,
      failing: query.failing === "1",
    }),
  );
});
