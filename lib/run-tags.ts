import { z } from "zod";
import { readLabels } from "./run-labels";

/*
 * What a run's tags may be, the same at every edge (CLI, API, upload field, pages, URL filter): short words or
 * phrases a team narrows its runs table by ("nightly", "agent-v2"). A tag holds no comma, so a list of tags can
 * be written as one comma-separated field; tags are kept in the order given, each once.
 */

export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 60;

export const ZTag = z
  .string()
  .trim()
  .min(1, "a tag is not empty")
  .max(MAX_TAG_LENGTH, `a tag has at most ${MAX_TAG_LENGTH} characters`)
  .regex(/^[^,\p{Cc}]+$/u, "a tag holds no comma or control character");

/** A list of tags: each valid, duplicates dropped (first kept), at most MAX_TAGS. */
export const ZTags = z
  .array(ZTag)
  .transform((tags) => [...new Set(tags)])
  .refine((tags) => tags.length <= MAX_TAGS, `a run has at most ${MAX_TAGS} tags`);

/** A comma-separated field ("nightly, agent-v2") as its tags, before validation; empty parts dropped. */
export function splitTags(text: string): string[] {
  return text
    .split(",")
    .map((t) => t.trim())
    .filter((t) => t !== "");
}

/** `current` with `added` appended, each tag once. */
export function mergeTags(current: readonly string[], added: readonly string[]): string[] {
  return [...new Set([...current, ...added])];
}

/** A stored labels value (a JSON column, lib/run-labels.ts) as its list of tags; anything else reads as no tags. */
export function storedTags(value: unknown): string[] {
  return readLabels(value).tags;
}
