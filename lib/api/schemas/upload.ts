import { z } from "zod";
import { FORMAT_IDS } from "@/lib/formats/registry";
import { ZRunLabel, ZRunName } from "@/lib/run-name";
import { splitTags, ZTags } from "@/lib/run-tags";
import { ZSeriesName } from "@/lib/run-series";

/*
 * The form fields of POST /api/runs (multipart, beside one `files` part per file). Apart from ./runs.ts because
 * it names the formats, which the browser client has no use for.
 */
export const ZUploadFields = z.object({
  run: ZRunName.optional(),
  agent: ZRunLabel.optional(),
  model: ZRunLabel.optional(),
  format: z.enum(FORMAT_IDS as [string, ...string[]]).optional(),
  baseline: z.enum(["true", "false", "on"]).optional(),
  tags: z.string().transform(splitTags).pipe(ZTags).optional(),
  series: ZSeriesName.optional(),
});

/** The multipart body as the document describes it. */
export const ZUploadForm = ZUploadFields.extend({
  files: z.array(z.string()).describe("One part per file, named by its relative path (binary)."),
});
