import { ApiError, zodDetails } from "./errors";
import { readJsonBody } from "./json-body";
import { ZRunPatch, type TRunPatch } from "./schemas/runs";

/** A name (200 characters) and 20 tags of 60, in UTF-8, with room to spare. */
const MAX_PATCH_BYTES = 16 * 1024;

/**
 * The body of PATCH /api/runs/:id: `{"name"?, "tags"?}`, validated (413 past 16 KiB, 400 when not JSON, 422 when
 * invalid).
 */
export async function readRunPatch(request: Request): Promise<TRunPatch> {
  const json = await readJsonBody(request, MAX_PATCH_BYTES, 'The body must be JSON: {"name": "…", "tags": ["…"]}.');
  const patch = ZRunPatch.safeParse(json);
  if (!patch.success) throw new ApiError("invalid", "Invalid run changes.", zodDetails(patch.error));
  return patch.data;
}
