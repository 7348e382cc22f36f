import { z } from "zod";
import { requireRead } from "@/lib/api/auth";
import { ApiError, handle } from "@/lib/api/errors";
import { downloadResponse } from "@/lib/api/file-response";
import { getStore } from "@/lib/store/open-store";

export const dynamic = "force-dynamic";

const ZSha = z.string().regex(/^[0-9a-f]{64}$/);
const ZName = z
  .string()
  .regex(/^[\w.@+-]{1,200}$/)
  .catch("result.json");

/**
 * Raw bytes of an ingested file. Always served as an attachment of type octet-stream with nosniff, so a file
 * holding markup is downloaded, never rendered.
 */
export const GET = handle(async (request: Request, { params }: { params: Promise<{ sha256: string }> }) => {
  await requireRead(request);
  const sha = ZSha.safeParse((await params).sha256);
  if (!sha.success) throw new ApiError("malformed", "A file is addressed by its sha256 (64 lowercase hex digits).");
  const file = await getStore().getRawFile(sha.data);
  if (!file) throw new ApiError("not_found", `No stored file with sha256 ${sha.data}.`);
  const name = ZName.parse(new URL(request.url).searchParams.get("name") ?? "result.json");
  return downloadResponse(file.bytes, name);
});
