import { z } from "zod";
import { ZTags } from "@/lib/run-tags";
import { ApiError, zodDetails } from "./errors";

const ZRunPatch = z
  .object({
    name: z.string().trim().min(1, "a run name is not empty").max(200).optional(),
    tags: ZTags.optional(),
  })
  .strict()
  .refine((p) => p.name !== undefined || p.tags !== undefined, "give a name, tags or both");

export type TRunPatch = z.infer<typeof ZRunPatch>;

/** The body of PATCH /api/runs/:id: `{"name"?, "tags"?}`, validated (400 when not JSON, 422 when invalid). */
export async function readRunPatch(request: Request): Promise<TRunPatch> {
  let json: unknown;
  try {
    json = await request.json();
  } catch {
    throw new ApiError("malformed", 'The body must be JSON: {"name": "…", "tags": ["…"]}.');
  }
  const patch = ZRunPatch.safeParse(json);
  if (!patch.success) throw new ApiError("invalid", "Invalid run changes.", zodDetails(patch.error));
  return patch.data;
}
