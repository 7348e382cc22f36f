import { baseName, dirName } from "../paths";
import type { InputFile } from "../types";

/**
 * Harbor's job layout, which BenchFlow writes too: `<job>/<task>__<id>/result.json` with the trial's other files
 * (verifier/, agent/, trajectory/, config.json, …) beside it. Every file in a trial folder belongs to that trial
 * and is kept with its rollout, so a real job folder ingests without "unrecognised file" noise.
 */

/** What a trial folder may hold when the batch root is itself the trial (so unrelated root files stay free). */
const ROOT_TRIAL_ENTRY =
  /^(verifier|agent|trajectory|artifacts|evidence|regrade|logs|branches)\/|^(regrade\.json|regrade-summary\.json|config\.json|trial\.log|exception\.txt|prompts\.json|artifacts-manifest\.json)$/;

/** Files Harbor and BenchFlow write beside the trial folders of a job (besides the job's own result/summary). */
export const JOB_SIDECARS = new Set(["config.json", "job.log", "evaluation.json"]);

/**
 * The trial folder that owns `path`: the deepest folder in `trialDirs` holding it (a trial's own result file
 * included). The root "" owns only the entries a trial writes. null when no trial folder holds it.
 */
export function owningTrialDir(path: string, trialDirs: ReadonlySet<string>): string | null {
  for (let dir = dirName(path); dir !== ""; dir = dirName(dir)) {
    if (trialDirs.has(dir)) return dir;
  }
  return trialDirs.has("") && ROOT_TRIAL_ENTRY.test(path) ? "" : null;
}

/** The folder holding a trial folder: its job. null for a trial at the batch root. */
export function jobDirOf(trialDir: string): string | null {
  return trialDir === "" ? null : dirName(trialDir);
}

/** Name of a folder for messages and run names; the batch root is "". */
export function folderName(dir: string | null): string {
  return dir ? baseName(dir) : "";
}

/** Files grouped by the trial folder that owns them (result files excluded), sorted by path. */
export function filesByTrial(
  files: readonly InputFile[],
  trialDirs: ReadonlySet<string>,
  isResult: (file: InputFile) => boolean,
): { byTrial: Map<string, InputFile[]>; rest: InputFile[] } {
  const byTrial = new Map<string, InputFile[]>();
  const rest: InputFile[] = [];
  for (const file of files) {
    if (isResult(file)) continue;
    const owner = owningTrialDir(file.path, trialDirs);
    if (owner === null) {
      rest.push(file);
      continue;
    }
    const list = byTrial.get(owner);
    if (list) list.push(file);
    else byTrial.set(owner, [file]);
  }
  for (const list of byTrial.values()) list.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { byTrial, rest };
}

/** Path of `name` relative to a trial folder: `<trial>/verifier/reward.txt` -> `verifier/reward.txt`. */
export function inTrial(trialDir: string, path: string): string {
  return trialDir === "" ? path : path.slice(trialDir.length + 1);
}

/**
 * The result files that stand for trials: those not inside another trial folder. A result.json inside a trial
 * (a regrade's verifier run, a branch) belongs to that trial as one of its files, not to a trial of its own.
 */
export function outermostResults(
  candidates: readonly InputFile[],
  isTrialResult: (file: InputFile) => boolean,
): { results: InputFile[]; trialDirs: Set<string> } {
  const all = new Set(candidates.filter(isTrialResult).map((f) => dirName(f.path)));
  const results = candidates.filter((f) => {
    if (!isTrialResult(f)) return owningTrialDir(f.path, all) === null;
    const own = dirName(f.path);
    return own === "" || owningTrialDir(own, all) === null;
  });
  return { results, trialDirs: new Set(results.filter(isTrialResult).map((f) => dirName(f.path))) };
}
