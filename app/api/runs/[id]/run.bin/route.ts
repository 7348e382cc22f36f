import { requireRead } from "@/lib/api/auth";
import { ApiError, handle } from "@/lib/api/errors";
import { etagMatches, REVALIDATE, runEtag } from "@/lib/api/run-etag";
import { BINARY_RUN_MEDIA_TYPE } from "@/lib/scoring/wire/binary-run";
import { getStore } from "@/lib/store/open-store";

export const dynamic = "force-dynamic";

/**
 * GET /api/runs/:id/run.bin: the whole run as binary columns (lib/scoring/wire/binary-run.ts), what the run
 * page's worker decodes and scores. ETag on the run's version; If-None-Match answers 304 without reading the run.
 */
export const GET = handle(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  await requireRead(request);
  const { id } = await params;
  const store = getStore();
  const version = await store.runVersion(id);
  if (!version) throw new ApiError("not_found", `No run with id "${id}".`);
  const etag = runEtag(id, version);
  const validators = { etag, "cache-control": REVALIDATE, vary: "authorization, cookie" };
  if (etagMatches(request, etag)) return new Response(null, { status: 304, headers: validators });
  const snapshot = await store.snapshot(id);
  if (!snapshot) throw new ApiError("not_found", `No run with id "${id}".`);
  // The snapshot may be newer than the version read above (rollouts added in between): name what was read.
  const read = { ingestedAt: version.ingestedAt, name: snapshot.run.name, rollouts: snapshot.run.rollouts.length };
  const bytes = snapshot.binary;
  return new Response(bytes, {
    headers: {
      ...validators,
      etag: runEtag(id, read),
      "content-type": BINARY_RUN_MEDIA_TYPE,
      "content-length": String(bytes.byteLength),
      "x-content-type-options": "nosniff",
    },
  });
});
