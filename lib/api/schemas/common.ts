import { z } from "zod";

/*
 * Shapes shared by the API's resources: the one error body, texts cut to their heads, JSON objects kept verbatim.
 * Pure zod, no server import: the browser client parses answers with them too.
 */

/** The one error body (lib/api/error-shape.ts): `{"error": {"code", "message", "details"?}}`. */
export const ZApiErrorBody = z
  .object({
    error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
  })
  .meta({ id: "ApiError" });

/** The `details` of a 422 or a 400 for a query or a body: one entry per field that failed. */
export const ZFieldIssues = z.array(z.object({ path: z.string(), message: z.string() }));

/** A JSON object as the source file held it. */
export const ZJsonObject = z.record(z.string(), z.json());

/** A text a page carries cut (lib/text-head.ts TextHead). */
export const ZTextHead = z.object({ head: z.string(), bytes: z.number().int().nonnegative(), cut: z.boolean() });

/** A JSON object a page carries parsed when small, else as the start of its text (lib/text-head.ts JsonHead). */
export const ZJsonHead = z.discriminatedUnion("cut", [
  z.object({ cut: z.literal(false), value: ZJsonObject }),
  z.object({ cut: z.literal(true), head: z.string(), bytes: z.number().int().nonnegative() }),
]);

export const ZNullableNumber = z.number().nullable();

/** A path segment the app's folder names in brackets: one non-empty segment, as given (decoded). */
export const ZSegment = z.string().min(1);
