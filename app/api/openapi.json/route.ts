import { NextResponse } from "next/server";
import { requireRead } from "@/lib/api/auth";
import { handle } from "@/lib/api/errors";
import { openApiDocument } from "@/lib/api/openapi";

export const dynamic = "force-dynamic";

/** GET /api/openapi.json: the OpenAPI 3.1 document of every route, built from the schemas (lib/api/openapi.ts). */
export const GET = handle(async (request: Request) => {
  await requireRead(request);
  return NextResponse.json(openApiDocument());
});
