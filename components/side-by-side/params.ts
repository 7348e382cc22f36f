import { z } from "zod";
import type { RolloutRef } from "@/lib/views/side-by-side";
import { SIDE_BY_SIDE_LETTERS } from "@/lib/views/hrefs";

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
  c: ZRolloutRef.optional(),
  d: ZRolloutRef.optional(),
  from: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).catch(0).default(0),
});

export interface SideBySideParams {
  /** Two to four rollouts, in column order. */
  refs: RolloutRef[];
  from: number;
}

export type ParsedSideBySide =
  | { ok: true; params: SideBySideParams }
  /** Which parameter is missing or malformed, in words for the page. */
  | { ok: false; problems: string[] };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** One letter past the last column: a fifth rollout (`e=`) is one too many, however it is spelled. */
const TOO_MANY = /^[e-z]$/;

/** The page's search parameters (a repeated one: its first value), validated: a and b, then c and d if given. */
export function parseSideBySide(search: Readonly<Record<string, string | string[] | undefined>>): ParsedSideBySide {
  const extra = Object.keys(search).filter((k) => TOO_MANY.test(k) && first(search[k]) !== undefined);
  if (extra.length > 0)
    return {
      ok: false,
      problems: [
        `At most ${SIDE_BY_SIDE_LETTERS.length} rollouts side by side (a, b, c, d): leave out ${extra.map((k) => `“${k}”`).join(", ")}.`,
      ],
    };
  const given = Object.fromEntries([...SIDE_BY_SIDE_LETTERS, "from"].map((k) => [k, first(search[k])]));
  const parsed = ZSideBySideParams.safeParse(given);
  if (!parsed.success)
    return {
      ok: false,
      problems: parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? "");
        return given[name] === undefined
          ? `“${name}” is missing: it names a rollout as <run id>:<rollout id>.`
          : `“${name}” is not <run id>:<rollout id>.`;
      }),
    };
  const { a, b, c, d, from } = parsed.data;
  if (d && !c) return { ok: false, problems: ["“d” is given without “c”: name the third rollout as “c”."] };
  return { ok: true, params: { refs: [a, b, ...(c ? [c] : []), ...(d ? [d] : [])], from } };
}
