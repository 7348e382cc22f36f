import { NextResponse } from "next/server";
import { requireRead, requireWrite } from "@/lib/api/auth";
import { ApiError, handle, zodDetails } from "@/lib/api/errors";
import { ingestRefusal, readUpload, uploadLimits } from "@/lib/api/read-upload";
import { ZUploadFields } from "@/lib/api/schemas/upload";
import { FORMAT_IDS } from "@/lib/formats/registry";
import { sharedRolloutsWarnings } from "@/lib/display/shared-rollouts";
import { ingestFiles } from "@/lib/ingest/ingest-files";
import { rootUpload } from "@/lib/ingest/upload-root";
import { getStore } from "@/lib/store/open-store";
import { warmRuns } from "@/lib/views/run-caches";

export const dynamic = "force-dynamic";

export const GET = handle(async (request: Request) => {
  await requireRead(request);
  return NextResponse.json({ runs: await getStore().listRuns() });
});

/**
 * Ingests a multipart batch. 201 when something was stored, 200 when everything was already there, 422 when
 * every file was refused; the body always reports each file (stored, duplicate, rejected with why), and
 * `warnings` says when a run shares rollouts with another run (the same bytes, or the same samples of one log).
 */
export const POST = handle(async (request: Request) => {
  requireWrite(request);
  const upload = await readUpload(request);
  const fields = ZUploadFields.safeParse(Object.fromEntries(Object.entries(upload.fields).filter(([, v]) => v !== "")));
  if (!fields.success) throw new ApiError("invalid", "Invalid upload fields.", zodDetails(fields.error));
  const { files, rootName } = rootUpload(upload.files);
  const result = await ingestFiles(getStore(), files, {
    rootName,
    runName: fields.data.run,
    agent: fields.data.agent,
    model: fields.data.model,
    format: fields.data.format as (typeof FORMAT_IDS)[number] | undefined,
    baseline: fields.data.baseline === "true" || fields.data.baseline === "on",
    tags: fields.data.tags,
    series: fields.data.series,
    ...uploadLimits(),
  }).catch(ingestRefusal);
  const body = {
    runs: result.runs.map(({ id, name, rollouts }) => ({ id, name, rollouts })),
    warnings: [...result.warnings, ...result.runs.flatMap(sharedRolloutsWarnings)],
    accepted: result.accepted,
    rejected: result.rejected,
    duplicates: result.duplicates,
    skipped: result.skipped,
  };
  if (result.accepted.length === 0 && result.duplicates.length === 0 && result.rejected.length > 0) {
    throw new ApiError("invalid", `No file could be stored: ${result.rejected.length} rejected.`, body);
  }
  warmRuns(
    getStore(),
    result.runs.map((r) => r.id),
  );
  return NextResponse.json(body, { status: result.accepted.length > 0 ? 201 : 200 });
});
