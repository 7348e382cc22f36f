import { z } from "zod";
import { ZRunName } from "@/lib/run-name";
import { ZTags } from "@/lib/run-tags";
import { ApiError, zodDetails } from "./errors";
import { readJsonBody } from "./json-body";

const ZRunPatch = z
  .object({
    name: ZRunName.optional(),
    tags: ZTags.optional(),
  })
  .strict()
  .refine((p) => p.name !== undefined || p.tags !== undefined, "give a name, tags or both");

export type TRunPatch = z.infer<typeof ZRunPatch>;

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
