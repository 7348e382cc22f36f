import { NextResponse } from "next/server";
import { requireWrite } from "@/lib/api/auth";
import { ApiError, handle, zodDetails } from "@/lib/api/errors";
import { ZBaselineBody } from "@/lib/api/schemas/runs";
import { getStore } from "@/lib/store/open-store";

export const dynamic = "force-dynamic";

/** POST /api/runs/:id/baseline {"baseline": true|false}: marks (or unmarks) the one baseline run. */
export const POST = handle(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  requireWrite(request);
  const { id } = await params;
  let json: unknown;
  try {
    json = await request.json();
  } catch {
    throw new ApiError("malformed", 'The body must be JSON: {"baseline": true} or {"baseline": false}.');
  }
  const body = ZBaselineBody.safeParse(json);
  if (!body.success)
    throw new ApiError("invalid", 'Expected {"baseline": true} or {"baseline": false}.', zodDetails(body.error));
  const store = getStore();
  const run = await store.getRunBrief(id);
  if (!run) throw new ApiError("not_found", `No run with id "${id}".`);
  await store.setBaseline(id, body.data.baseline);
  return NextResponse.json({ run: { id: run.id, name: run.name, baseline: body.data.baseline } });
});
