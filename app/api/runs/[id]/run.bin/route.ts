import { requireRead } from "@/lib/api/auth";
import { ApiError, handle } from "@/lib/api/errors";
import { etagMatches, REVALIDATE, runEtag } from "@/lib/api/run-etag";
import { BINARY_RUN_MEDIA_TYPE } from "@/lib/scoring/wire/binary-run";
import { getStore } from "@/lib/store/open-store";
import type { RunVersion } from "@/lib/store/records";
import { runEncoding, runSnapshot } from "@/lib/views/run-caches";

export const dynamic = "force-dynamic";

/**
 * GET /api/runs/:id/run.bin: the whole run as binary columns (lib/scoring/wire/binary-run.ts), what the run
 * page's worker decodes and scores. ETag on the run's version; If-None-Match answers 304 without reading the run.
 * The bytes are the run's stored encoding when it is current (no rollout is read), else the snapshot's.
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
  const { bytes, read } = await runBytes(id, version);
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      ...validators,
      etag: runEtag(id, read),
      "content-type": BINARY_RUN_MEDIA_TYPE,
      "content-length": String(bytes.byteLength),
      "x-content-type-options": "nosniff",
    },
  });
});

/** The run's bytes and the version they are of (the stored ones are of `version`; a snapshot may be newer). */
async function runBytes(id: string, version: RunVersion): Promise<{ bytes: Uint8Array; read: RunVersion }> {
  const store = getStore();
  const stored = await runEncoding(store, id, { bytes: true });
  if (stored) return { bytes: stored.bytes, read: stored.version };
  const snapshot = await runSnapshot(store, id);
  if (!snapshot) throw new ApiError("not_found", `No run with id "${id}".`);
  const { name, rollouts } = snapshot.run;
  return { bytes: snapshot.binary, read: { ingestedAt: version.ingestedAt, name, rollouts: rollouts.length } };
}
