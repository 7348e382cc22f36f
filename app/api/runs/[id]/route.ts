import { NextResponse } from "next/server";
import { requireRead, requireWrite } from "@/lib/api/auth";
import { ApiError, handle } from "@/lib/api/errors";
import { readRunPatch } from "@/lib/api/run-patch";
import { getStore } from "@/lib/store/open-store";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ id: string }> };

const notFound = (id: string) => new ApiError("not_found", `No run with id "${id}".`);

export const GET = handle(async (request: Request, { params }: Params) => {
  await requireRead(request);
  const { id } = await params;
  const run = await getStore().getRun(id);
  if (!run) throw notFound(id);
  return NextResponse.json({ run });
});

/** PATCH /api/runs/:id {"name"?, "tags"?}: renames the run and/or replaces its tags; answers the run. */
export const PATCH = handle(async (request: Request, { params }: Params) => {
  requireWrite(request);
  const { id } = await params;
  const patch = await readRunPatch(request);
  const store = getStore();
  if (patch.name !== undefined && !(await store.renameRun(id, patch.name))) throw notFound(id);
  if (patch.tags !== undefined && !(await store.setRunTags(id, patch.tags))) throw notFound(id);
  const run = await store.getRun(id);
  if (!run) throw notFound(id);
  return NextResponse.json({ run });
});

/** DELETE /api/runs/:id: removes the run, its rollouts and the raw files only it held; 204. */
export const DELETE = handle(async (request: Request, { params }: Params) => {
  requireWrite(request);
  const { id } = await params;
  if (!(await getStore().deleteRun(id))) throw notFound(id);
  return new Response(null, { status: 204 });
});
