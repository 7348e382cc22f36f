import { NextResponse } from "next/server";
import { requireRead } from "@/lib/api/auth";
import { ApiError, handle } from "@/lib/api/errors";
import { parseQuery } from "@/lib/api/check-queries";
import { ZChecksQuery } from "@/lib/api/schemas/rollouts";
import { requestScenario } from "@/lib/api/scenario-request";
import { rolloutChecksPage } from "@/lib/views/check-pages";
import { getStore } from "@/lib/store/open-store";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ id: string; rollout: string }> };

/**
 * GET /api/runs/:id/rollouts/:rollout/checks?offset&limit&filter&scenario: a page of the rollout's checks in the
 * verifier's order (`filter=failed-required`: only those failing as required under the scenario), each with
 * its verdict under the scenario and its evidence resolved against the trace, texts cut with their sizes:
 * `{total, offset, entries: [{check, cell, evidence}]}`. What the rollout page's checks table fetches as the
 * reader scrolls.
 */
export const GET = handle(async (request: Request, { params }: Params) => {
  await requireRead(request);
  const { id, rollout } = await params;
  const query = parseQuery(ZChecksQuery, request.url);
  const page = await rolloutChecksPage(getStore(), id, rollout, requestScenario(query.scenario), query);
  if (!page) throw new ApiError("not_found", `No rollout "${rollout}" in run "${id}".`);
  return NextResponse.json(page);
});
