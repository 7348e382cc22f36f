import { NextResponse } from "next/server";
import { requireRead } from "@/lib/api/auth";
import { ApiError, handle } from "@/lib/api/errors";
import { checkEvidence, readStoredTrace } from "@/lib/views/rollout-trace";
import { getStore } from "@/lib/store/open-store";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ id: string; rollout: string }> };

/**
 * GET /api/runs/:id/rollouts/:rollout (the rollout id as the files name it, URL-encoded): the rollout with its
 * checks, each carrying `evidence: [{ref, step}]`, `step` being the cited trace step's index (null: unresolved).
 */
export const GET = handle(async (request: Request, { params }: Params) => {
  await requireRead(request);
  const { id, rollout: rolloutId } = await params;
  const store = getStore();
  const rollout = await store.getRollout(id, rolloutId);
  if (!rollout) throw new ApiError("not_found", `No rollout "${rolloutId}" in run "${id}".`);
  const read = await readStoredTrace(store, rollout);
  const evidence = checkEvidence(rollout, read);
  return NextResponse.json({
    rollout: { ...rollout, checks: rollout.checks.map((check, i) => ({ ...check, evidence: evidence[i]! })) },
    trace: read.kind === "trace" ? { status: "read", ...read.trace.totals } : { status: read.kind, why: whyOf(read) },
  });
});

const whyOf = (read: { kind: "raw"; raw: { why: string } } | { kind: "none"; why: string }) =>
  read.kind === "raw" ? read.raw.why : read.why;
