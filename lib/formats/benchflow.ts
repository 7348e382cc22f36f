import { benchflowLayout, isTrialResultName } from "./benchflow/detect";
import { normaliseBenchflowTrial } from "./benchflow/rollout";
import { assembleBenchflowJob, type BenchflowJob, type UnnamedRun } from "./benchflow/run";
import { ZBenchflowResult, ZBenchflowSummary, ZRegradeSummary } from "./benchflow/schema";
import { readTrialFiles } from "./benchflow/trial-files";
import { readJsonAs } from "./harbor/read-json-as";
import { baseRunName } from "./harbor/run-name";
import { folderName, inTrial, jobDirOf } from "./harbor/trial-folders";
import { readJsonFile } from "./json";
import { dirName } from "./paths";
import type { FileRejection, FormatModule, InputFile, NormalizedRun, ParseOptions, ParseResult } from "./types";

export { ZBenchflowResult } from "./benchflow/schema";

const NOT_BENCHFLOW =
  "not a BenchFlow file: expected a trial result.json (task_name, rewards), a job's summary.json or regrade-summary.json, or a file inside a trial folder";

/** Job folders by path; "\u0000root" stands for a trial at the batch root, which has no job folder. */
const ROOT = "\u0000root";
const jobKey = (dir: string | null) => dir ?? ROOT;

function claim(files: readonly InputFile[]): InputFile[] {
  const layout = benchflowLayout(files);
  if (layout.results.length === 0 && layout.summaries.length === 0 && layout.regradeSummaries.length === 0) return [];
  const rest = new Set(layout.rest);
  return files.filter((f) => !rest.has(f));
}

function emptyJob(jobDir: string | null): BenchflowJob {
  return { jobDir, trials: [], summary: null, regradeSummaries: [], regradeRecords: new Map(), warnings: [] };
}

function parse(files: readonly InputFile[], options: ParseOptions): ParseResult {
  const rejected: FileRejection[] = [];
  const reject = (path: string, error: string) => rejected.push({ path, error });
  const layout = benchflowLayout(files);
  for (const file of layout.rest) {
    const decoded = /\.json$/i.test(file.path) ? readJsonFile(file) : null;
    reject(file.path, decoded && !decoded.ok ? decoded.error : NOT_BENCHFLOW);
  }

  const jobs = new Map<string, BenchflowJob>();
  const jobOf = (dir: string | null) => {
    let job = jobs.get(jobKey(dir));
    if (!job) jobs.set(jobKey(dir), (job = emptyJob(dir)));
    return job;
  };
  const jobFiles = new Map<string, string[]>();
  const addJobFile = (dir: string, path: string) => jobFiles.set(dir, [...(jobFiles.get(dir) ?? []), path]);
  for (const f of [...layout.summaries, ...layout.regradeSummaries, ...layout.jobSidecars])
    addJobFile(dirName(f.path), f.path);

  for (const file of layout.results) {
    const trialDir = isTrialResultName(file) ? dirName(file.path) : null;
    const own = trialDir === null ? [] : (layout.byTrial.get(trialDir) ?? []);
    const read = readJsonAs(file, ZBenchflowResult);
    if (!read.ok) {
      reject(file.path, read.error);
      for (const f of own) reject(f.path, `belongs to trial folder ${trialDir || "."}, whose result.json was rejected`);
      continue;
    }
    const trialFiles =
      trialDir === null ? null : readTrialFiles(new Map(own.map((f) => [inTrial(trialDir, f.path), f])), reject);
    const jobDir = trialDir === null ? dirName(file.path) : jobDirOf(trialDir);
    const trial = normaliseBenchflowTrial({
      result: { file, data: read.data, raw: read.raw },
      trialDir,
      sidecars: [...own.map((f) => f.path), ...(jobDir === null ? [] : (jobFiles.get(jobDir) ?? []))],
      trialFiles,
    });
    const job = jobOf(jobDir);
    if (trialFiles?.regrade) job.regradeRecords.set(trial.rollout.id, trialFiles.regrade);
    if (trialFiles?.regradeSummary) job.regradeSummaries.push(trialFiles.regradeSummary);
    job.trials.push(trial);
  }

  for (const file of layout.summaries) {
    const job = jobs.get(jobKey(dirName(file.path)));
    if (!job) {
      reject(file.path, "a BenchFlow summary.json with no trial folders beside it: nothing to score");
      continue;
    }
    const read = readJsonAs(file, ZBenchflowSummary);
    if (read.ok) job.summary = { path: file.path, data: read.data, raw: read.raw };
    else {
      reject(file.path, read.error);
      job.warnings.push(`${file.path} was rejected (${read.error}), so it was not compared with the trials`);
    }
  }
  for (const file of layout.regradeSummaries) {
    const job = jobs.get(jobKey(dirName(file.path)));
    if (!job) {
      reject(file.path, "a BenchFlow regrade-summary.json with no trial folders beside it: nothing to show");
      continue;
    }
    const read = readJsonAs(file, ZRegradeSummary);
    if (read.ok) job.regradeSummaries.push({ path: file.path, summary: read.data });
    else {
      reject(file.path, read.error);
      job.warnings.push(`${file.path} was rejected (${read.error}), so its regrades are not shown`);
    }
  }

  const overrides = { agent: options.agent, model: options.model };
  const unnamed = [...jobs.values()]
    .filter((j) => j.trials.length > 0)
    .flatMap((j) => assembleBenchflowJob(j, overrides));
  return { runs: nameRuns(unnamed, options), rejected };
}

/**
 * One run takes the user's name, else the ingested root's, else its job folder's. Several runs are named by their
 * job folder (the root's name for files at the root), then by agent and model when a folder holds several;
 * the user's --run name prefixes them, and replaces the folder when every run comes from one folder (the
 * folder would only repeat what the user named, or be the placeholder name of loose uploaded files).
 */
function nameRuns(unnamed: readonly UnnamedRun[], options: ParseOptions): NormalizedRun[] {
  const first = unnamed[0];
  if (!first) return [];
  const root = baseRunName({ rootName: options.rootName }, "BenchFlow");
  if (unnamed.length === 1) {
    const fallback =
      folderName(first.jobDir) || [first.run.agent, first.run.model].filter(Boolean).join(" · ") || "BenchFlow run";
    return [{ name: baseRunName(options, fallback), ...first.run }];
  }
  const perJob = new Map<string, number>();
  for (const u of unnamed) perJob.set(jobKey(u.jobDir), (perJob.get(jobKey(u.jobDir)) ?? 0) + 1);
  const given = options.runName?.trim();
  return unnamed.map((u) => {
    const parts = given && perJob.size === 1 ? [] : [folderName(u.jobDir) || root];
    if ((perJob.get(jobKey(u.jobDir)) ?? 0) > 1)
      parts.push(u.run.agent ?? "unknown agent", u.run.model ?? "unknown model");
    const distinct = parts.join(" · ");
    return { name: given ? `${given} · ${distinct}` : distinct, ...u.run };
  });
}

/** BenchFlow: job folders (summary.json, `<task>__<hash>/result.json` + verifier files, regrades) or a lone result.json. */
export const benchflowFormat: FormatModule = { id: "benchflow", claim, parse, detectKeys: ["task_name"] };
