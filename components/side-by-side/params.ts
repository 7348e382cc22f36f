import { z } from "zod";
import type { RolloutRef } from "@/lib/views/side-by-side";

/** `<runId>:<rolloutId>`, split at the first ":" (run ids never hold one; rollout ids may). */
const ZRolloutRef = z
  .string()
  .trim()
  .transform((text, ctx): RolloutRef => {
    const at = text.indexOf(":");
    if (at <= 0 || at === text.length - 1) {
      ctx.addIssue({ code: "custom", message: "expected <run id>:<rollout id>" });
      return z.NEVER;
    }
    return { runId: text.slice(0, at), rolloutId: text.slice(at + 1) };
  });

const ZSideBySideParams = z.object({
  a: ZRolloutRef,
  b: ZRolloutRef,
  from: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).catch(0).default(0),
});

export type SideBySideParams = z.infer<typeof ZSideBySideParams>;

export type ParsedSideBySide =
  | { ok: true; params: SideBySideParams }
  /** Which parameter is missing or malformed, in words for the page. */
  | { ok: false; problems: string[] };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The page's search parameters (a repeated one: its first value), validated. */
export function parseSideBySide(search: Readonly<Record<string, string | string[] | undefined>>): ParsedSideBySide {
  const parsed = ZSideBySideParams.safeParse({ a: first(search.a), b: first(search.b), from: first(search.from) });
  if (parsed.success) return { ok: true, params: parsed.data };
  return {
    ok: false,
    problems: parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? "");
      const given = first(search[name]);
      return given === undefined
        ? `“${name}” is missing: it names a rollout as <run id>:<rollout id>.`
        : `“${name}” is not <run id>:<rollout id>.`;
    }),
  };
}
