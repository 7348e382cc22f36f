import { z } from "zod";

/* GET /api/files/:sha256: an ingested file's bytes, by content address, always as a download. */

export const ZFileParams = z.object({
  sha256: z.string().regex(/^[0-9a-f]{64}$/, "a sha256: 64 lowercase hex digits"),
});

/** The download's file name; a name outside [\w.@+-] falls back to result.json. */
export const ZFileQuery = z.object({
  name: z
    .string()
    .regex(/^[\w.@+-]{1,200}$/)
    .catch("result.json")
    .default("result.json"),
});
