import { NextResponse } from "next/server";
import { requireRead } from "@/lib/api/auth";
import { ApiError, handle } from "@/lib/api/errors";
import { getDb } from "@/lib/db/client";
import { getRunMeta } from "@/lib/db/queries/get-run";

export const dynamic = "force-dynamic";

export const GET = handle(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  await requireRead(request);
  const { id } = await params;
  const run = await getRunMeta(getDb(), id);
  if (!run) throw new ApiError("not_found", `No run with id "${id}".`);
  return NextResponse.json({ run });
});
