import { z } from "zod";

/*
 * What a series name may be, the same at every edge (CLI, API, upload field, pages, URL): the name a team gives
 * the runs it repeats ("nightly", "pr-checks"). It is part of a page's path (/series/:name), so it is short and
 * holds no slash or control character.
 */

export const MAX_SERIES_LENGTH = 80;

export const ZSeriesName = z
  .string()
  .trim()
  .min(1, "a series name is not empty")
  .max(MAX_SERIES_LENGTH, `a series name has at most ${MAX_SERIES_LENGTH} characters`)
  .regex(/^[^/\\\p{Cc}]+$/u, "a series name holds no slash, backslash or control character");

/** The series of a run as the CLI and the upload take it: a name, or "" for none (null). */
export function parseSeriesName(input: string, where: string): string {
  const parsed = ZSeriesName.safeParse(input);
  if (!parsed.success) throw new Error(`${where}: ${parsed.error.issues[0]!.message}`);
  return parsed.data;
}
