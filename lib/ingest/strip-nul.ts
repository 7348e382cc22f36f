import { fileIncludes } from "@/lib/formats/sniff";
import type { InputFile, NormalizedRun, ParseOptions } from "@/lib/formats/types";

// eslint-disable-next-line no-control-regex -- NUL is the character this module replaces
const NUL = /\u0000/g;

function clean<T>(value: T, hit: { found: boolean }): T {
  if (typeof value === "string") {
    if (!value.includes("\u0000")) return value;
    hit.found = true;
    return value.replace(NUL, "\uFFFD") as T;
  }
  if (Array.isArray(value)) return (value as unknown[]).map((v) => clean(v, hit)) as T;
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [clean(k, hit), clean(v, hit)])) as T;
  }
  return value;
}

/** Whether any string (or key) inside contains NUL: a walk that allocates nothing, so clean files cost little. */
function hasNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (hasNul(value[i])) return true;
    return false;
  }
  for (const key in value) {
    if (key.includes("\u0000") || hasNul((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

/**
 * Replaces NUL characters in every string of a parsed run by U+FFFD and warns on the rollout. PostgreSQL
 * cannot store NUL in text or JSON, so without this the same file would store on SQLite and fail on
 * PostgreSQL; the raw bytes keep the original.
 */
export function stripNul(run: NormalizedRun): NormalizedRun {
  const runHit = { found: false };
  const rollouts = run.rollouts.map((rollout) => {
    if (!hasNul(rollout)) return rollout; // the common case: nothing to copy
    const hit = { found: false };
    const cleaned = clean(rollout, hit);
    if (!hit.found) return rollout;
    return {
      ...cleaned,
      warnings: [
        ...cleaned.warnings,
        "NUL characters in the file's strings were replaced by U+FFFD (the raw file keeps them)",
      ],
    };
  });
  const { rollouts: _, ...rest } = run;
  return { ...(hasNul(rest) ? clean(rest, runHit) : rest), rollouts };
}

/** A raw NUL byte, or JSON's \u0000 escape: what mayHoldNul searches files for (sniffFiles answers it). */
export const NUL_NEEDLES: readonly string[] = ["\u0000", "\\u0000"];

/**
 * Whether a batch can yield a string with NUL, so that the walk of stripNul runs only when it may find one:
 * a string of a run comes from a file's bytes (a raw 0 byte, which every UTF-16 file has, or JSON's \u0000
 * escape), from a file's path, or from the options (run name, agent, model, folder name).
 */
export function mayHoldNul(files: readonly InputFile[], options: ParseOptions): boolean {
  const strings = [options.runName, options.rootName, options.agent, options.model];
  if (strings.some((v) => v?.includes("\u0000"))) return true;
  return files.some((f) => f.path.includes("\u0000") || NUL_NEEDLES.some((n) => fileIncludes(f, n)));
}
