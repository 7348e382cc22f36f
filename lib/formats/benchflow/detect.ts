import { JOB_SIDECARS, filesByTrial, jobDirOf, outermostResults } from "../harbor/trial-folders";
import { isJsonObject, mayHoldKey, readJsonFile } from "../json";
import { baseName, dirName } from "../paths";
import type { InputFile, Json } from "../types";

/** A trial's result.json by content: task_name and rewards (whatever its value: zod then names a bad one), and none of Harbor's fields. */
export function looksLikeBenchflowResult(value: Json): boolean {
  return (
    isJsonObject(value) &&
    typeof value.task_name === "string" &&
    "rewards" in value &&
    !("verifier_result" in value) &&
    !("agent_info" in value)
  );
}

function looksLikeSummary(file: InputFile): boolean {
  if (baseName(file.path).toLowerCase() !== "summary.json") return false;
  const decoded = readJsonFile(file);
  return (
    decoded.ok &&
    isJsonObject(decoded.value) &&
    ["job_name", "mean_reward", "score_ratio", "score_excl_errors"].some((k) => k in (decoded.value as object))
  );
}

function looksLikeRegradeSummary(file: InputFile): boolean {
  if (baseName(file.path).toLowerCase() !== "regrade-summary.json") return false;
  const decoded = readJsonFile(file);
  return decoded.ok && isJsonObject(decoded.value) && Array.isArray(decoded.value.trials);
}

export function isBenchflowResult(file: InputFile): boolean {
  if (!/\.json$/i.test(file.path) || !mayHoldKey(file, "task_name")) return false;
  const decoded = readJsonFile(file);
  return decoded.ok && looksLikeBenchflowResult(decoded.value);
}

/** A trial folder is the folder of a result named exactly result.json; `<name>.result.json` stands alone. */
export const isTrialResultName = (file: InputFile) => baseName(file.path) === "result.json";

/** The files of a batch, sorted into what BenchFlow writes. */
export interface BenchflowLayout {
  results: InputFile[];
  trialDirs: Set<string>;
  /** Files inside each trial folder besides its result.json. */
  byTrial: Map<string, InputFile[]>;
  summaries: InputFile[];
  regradeSummaries: InputFile[];
  /** config.json, job.log, evaluation.json beside trial folders. */
  jobSidecars: InputFile[];
  /** Everything else: not BenchFlow's. */
  rest: InputFile[];
}

export function benchflowLayout(files: readonly InputFile[]): BenchflowLayout {
  const { results, trialDirs } = outermostResults(files.filter(isBenchflowResult), isTrialResultName);
  const resultSet = new Set(results);
  const jobDirs = new Set([...trialDirs].map(jobDirOf).filter((d): d is string => d !== null));
  const { byTrial, rest: outside } = filesByTrial(files, trialDirs, (f) => resultSet.has(f));
  const layout: BenchflowLayout = {
    results,
    trialDirs,
    byTrial,
    summaries: [],
    regradeSummaries: [],
    jobSidecars: [],
    rest: [],
  };
  for (const file of outside) {
    if (looksLikeSummary(file)) layout.summaries.push(file);
    else if (looksLikeRegradeSummary(file)) layout.regradeSummaries.push(file);
    else if (JOB_SIDECARS.has(baseName(file.path)) && jobDirs.has(dirName(file.path))) layout.jobSidecars.push(file);
    else layout.rest.push(file);
  }
  return layout;
}
