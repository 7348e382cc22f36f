import { NextResponse } from "next/server";
import { requireRead } from "@/lib/api/auth";
import { handle } from "@/lib/api/errors";
import { liveRuns } from "@/lib/api/live-runs";
import { getStore } from "@/lib/store/open-store";

export const dynamic = "force-dynamic";

/** GET /api/live: the runs `tally watch` keeps live, with their rollout counts (lib/api/live-runs.ts). */
export const GET = handle(async (request: Request) => {
  await requireRead(request);
  return NextResponse.json(await liveRuns(getStore()), { headers: { "Cache-Control": "no-store" } });
});
