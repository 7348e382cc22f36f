import { baseName, dirName, joinPath } from "../paths";

/**
 * The texts a Harbor trial folder holds besides its scores (BenchFlow writes the same layout): what the verifier
 * printed while it ran the tests (`verifier/test-stdout.txt`) and the traceback of a trial that raised
 * (`exception.txt`, at the trial's root).
 */
export interface TrialTextFiles<F> {
  verifierOutput: F | null;
  exception: F | null;
}

export const VERIFIER_OUTPUT = "verifier/test-stdout.txt";
export const EXCEPTION_TEXT = "exception.txt";

/**
 * The trial texts among a rollout's files, looked up in the folder of its result file. A loose
 * `<name>.result.json` has no trial folder, so no texts.
 */
export function trialTextFiles<F extends { path: string }>(resultPath: string, files: readonly F[]): TrialTextFiles<F> {
  if (baseName(resultPath) !== "result.json") return { verifierOutput: null, exception: null };
  const trial = dirName(resultPath);
  const find = (name: string) => files.find((f) => f.path === joinPath(trial, name)) ?? null;
  return { verifierOutput: find(VERIFIER_OUTPUT), exception: find(EXCEPTION_TEXT) };
}
