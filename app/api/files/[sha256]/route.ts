import { requireRead } from "@/lib/api/auth";
import { ApiError, handle } from "@/lib/api/errors";
import { piecesDownloadResponse } from "@/lib/api/file-response";
import { ZFileParams, ZFileQuery } from "@/lib/api/schemas/files";
import { getStore } from "@/lib/store/open-store";

export const dynamic = "force-dynamic";

/**
 * Raw bytes of an ingested file, read piece by piece (a big file is stored in parts). Always served as an attachment of type octet-stream with nosniff, so a file
 * holding markup is downloaded, never rendered.
 */
export const GET = handle(async (request: Request, { params }: { params: Promise<{ sha256: string }> }) => {
  await requireRead(request);
  const sha = ZFileParams.safeParse(await params);
  if (!sha.success) throw new ApiError("malformed", "A file is addressed by its sha256 (64 lowercase hex digits).");
  const store = getStore();
  const file = await store.getRawFilePieces(sha.data.sha256);
  if (!file) throw new ApiError("not_found", `No stored file with sha256 ${sha.data.sha256}.`);
  const { name } = ZFileQuery.parse({ name: new URL(request.url).searchParams.get("name") ?? undefined });
  return piecesDownloadResponse(file, (n) => store.getRawFilePiece(sha.data.sha256, n), name);
});
