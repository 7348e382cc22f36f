import { rolloutIdentity } from "@/lib/formats/light";
import type { FileRejection, InputFile, NormalizedRollout, NormalizedRun, ParseOptions } from "@/lib/formats/types";
import { parseBatch } from "./parse-batch";

/** A light rollout's id as a whole parse gives it; a repeated id is suffixed `~n` by the batch it was seen in. */
const unsuffixed = (id: string) => id.replace(/~\d+$/, "");

/**
 * The whole rollouts behind a group of light ones (lib/formats/light.ts): parses again just the files they were
 * read from, with the run's format, and takes identity (id, warnings) from the light rollout, which saw the whole
 * batch. A rollout its files no longer give (they changed on disk) is refused with the reader's reason.
 */
export function rereadRollouts(
  light: readonly NormalizedRollout[],
  run: NormalizedRun,
  byPath: ReadonlyMap<string, InputFile>,
  options: ParseOptions,
): { rollouts: NormalizedRollout[]; rejected: FileRejection[] } {
  const paths = [...new Set(light.flatMap((r) => r.files))];
  const files = paths.flatMap((p) => byPath.get(p) ?? []);
  // The light rollouts carry the batch's duplicate-key warnings: the files are not scanned again.
  const parsed = parseBatch(files, { ...options, light: false, format: run.format, keysWarned: true });
  const whole = parsed.runs.flatMap((r) => r.rollouts);
  const found = new Map(whole.map((rollout) => [rolloutIdentity(rollout), rollout]));
  for (const rollout of whole) {
    const alias = rolloutIdentity({ ...rollout, id: unsuffixed(rollout.id) });
    if (!found.has(alias)) found.set(alias, rollout);
  }
  const reasons = new Map([...parsed.rejected, ...parsed.unclaimed].map((r) => [r.path, r.error]));
  const rollouts: NormalizedRollout[] = [];
  const rejected: FileRejection[] = [];
  for (const r of light) {
    const match = found.get(rolloutIdentity(r)) ?? found.get(rolloutIdentity({ ...r, id: unsuffixed(r.id) }));
    if (match) rollouts.push({ ...match, id: r.id, warnings: [...new Set([...match.warnings, ...r.warnings])] });
    else {
      const why = reasons.get(r.source.path) ?? "it no longer gives this rollout";
      rejected.push({ path: r.source.path, error: `read again to be stored: ${why}` });
    }
  }
  return { rollouts, rejected };
}
