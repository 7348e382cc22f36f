import { NextResponse } from "next/server";
import { requireRead } from "@/lib/api/auth";
import { handle } from "@/lib/api/errors";
import { parseQuery } from "@/lib/api/check-queries";
import { ZSearchQuery } from "@/lib/api/schemas/search";
import { runSearch } from "@/lib/api/run-search";
import { getStore } from "@/lib/store/open-store";

export const dynamic = "force-dynamic";

/**
 * GET /api/runs/:id/search?q&mode=words|phrase|regex&tool&errors=1&source&page&limit: the run's rollouts whose
 * trace steps match, by rollout id, each with its first matching steps (snippet, match ranges, link to the step).
 */
export const GET = handle(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  await requireRead(request);
  const { id } = await params;
  return NextResponse.json(await runSearch(getStore(), id, parseQuery(ZSearchQuery, request.url)));
});
