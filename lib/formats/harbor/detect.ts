import { isJsonObject, mayHoldKey, readJsonFile } from "../json";
import { baseName, dirName } from "../paths";
import type { InputFile, Json } from "../types";
import { JOB_SIDECARS, filesByTrial, jobDirOf, outermostResults } from "./trial-folders";

/** A trial's result.json: a task or trial name with Harbor's verifier_result (or agent_info and exception_info). */
export function looksLikeHarborTrial(value: Json): boolean {
  if (!isJsonObject(value)) return false;
  const named = typeof value.task_name === "string" || typeof value.trial_name === "string";
  return named && ("verifier_result" in value || ("agent_info" in value && "exception_info" in value));
}

/** A job's result.json: `stats.evals` is an object. */
export function looksLikeHarborJob(value: Json): boolean {
  return isJsonObject(value) && isJsonObject(value.stats) && isJsonObject(value.stats.evals);
}

/** The file's JSON when it is a .json file that may hold one of `keys` (the others are not parsed). */
function decodedJson(file: InputFile, keys: readonly string[]): Json | undefined {
  if (!/\.json$/i.test(file.path) || !keys.some((key) => mayHoldKey(file, key))) return undefined;
  const decoded = readJsonFile(file);
  return decoded.ok ? decoded.value : undefined;
}

export const isHarborTrialFile = (file: InputFile) => {
  const value = decodedJson(file, ["verifier_result", "agent_info"]);
  return value !== undefined && looksLikeHarborTrial(value);
};

export const isHarborJobFile = (file: InputFile) => {
  const value = decodedJson(file, ["stats"]);
  return value !== undefined && looksLikeHarborJob(value);
};

/** The files of a batch, sorted into what Harbor writes. */
export interface HarborLayout {
  trials: InputFile[];
  jobs: InputFile[];
  trialDirs: Set<string>;
  byTrial: Map<string, InputFile[]>;
  /** config.json and job.log beside a job file or beside trial folders. */
  jobSidecars: InputFile[];
  rest: InputFile[];
}

export function harborLayout(files: readonly InputFile[]): HarborLayout {
  const { results: trials, trialDirs } = outermostResults(
    files.filter(isHarborTrialFile),
    (f) => baseName(f.path) === "result.json",
  );
  const jobs = files.filter(isHarborJobFile);
  const results = new Set([...trials, ...jobs]);
  const jobDirs = new Set([
    ...jobs.map((f) => dirName(f.path)),
    ...[...trialDirs].map(jobDirOf).filter((d): d is string => d !== null),
  ]);
  const { byTrial, rest: outside } = filesByTrial(files, trialDirs, (f) => results.has(f));
  const layout: HarborLayout = { trials, jobs, trialDirs, byTrial, jobSidecars: [], rest: [] };
  for (const file of outside) {
    if (results.has(file)) continue;
    if (JOB_SIDECARS.has(baseName(file.path)) && jobDirs.has(dirName(file.path))) layout.jobSidecars.push(file);
    else layout.rest.push(file);
  }
  return layout;
}
