import { NextResponse } from "next/server";
import { requireRead } from "@/lib/api/auth";
import { ApiError, handle } from "@/lib/api/errors";
import { getStore } from "@/lib/store/open-store";

export const dynamic = "force-dynamic";

export const GET = handle(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  await requireRead(request);
  const { id } = await params;
  const run = await getStore().getRun(id);
  if (!run) throw new ApiError("not_found", `No run with id "${id}".`);
  return NextResponse.json({ run });
});
