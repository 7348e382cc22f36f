import { checksFromCtrf } from "./harbor/ctrf";
import { harborLayout } from "./harbor/detect";
import { readEval } from "./harbor/job";
import { readJsonAs } from "./harbor/read-json-as";
import { runFromJob, runFromTrials, type HarborDraft, type HarborJobFile } from "./harbor/run";
import { ZCtrf, ZHarborJob, ZHarborTrial } from "./harbor/schema";
import { normaliseHarborTrial, type HarborTrial } from "./harbor/trial";
import { folderName, inTrial, jobDirOf } from "./harbor/trial-folders";
import { readVerifierRewards } from "./harbor/verifier-rewards";
import { readJsonFile } from "./json";
import { baseName, dirName } from "./paths";
import type {
  FileRejection,
  FormatModule,
  InputFile,
  JsonObject,
  NormalizedRun,
  ParseOptions,
  ParseResult,
} from "./types";

export { ZHarborJob, ZHarborTrial } from "./harbor/schema";

const NOT_HARBOR =
  "not a Harbor file: expected a trial result.json (task_name, verifier_result), a job result.json (stats.evals), or a file inside a trial folder";
const CTRF = "verifier/ctrf.json";

function claim(files: readonly InputFile[]): InputFile[] {
  const layout = harborLayout(files);
  if (layout.trials.length === 0 && layout.jobs.length === 0) return [];
  const rest = new Set(layout.rest);
  return files.filter((f) => !rest.has(f));
}

type Reject = (path: string, error: string) => void;

function readTrial(file: InputFile, own: readonly InputFile[], sidecars: string[], reject: Reject): HarborTrial | null {
  const trialDir = baseName(file.path) === "result.json" ? dirName(file.path) : null;
  const read = readJsonAs(file, ZHarborTrial);
  if (!read.ok) {
    reject(file.path, read.error);
    for (const f of own) reject(f.path, `belongs to trial folder ${trialDir || "."}, whose result.json was rejected`);
    return null;
  }
  const byRel = new Map(own.map((f) => [trialDir === null ? f.path : inTrial(trialDir, f.path), f]));
  let ctrf: { checks: HarborTrial["rollout"]["checks"]; warnings: string[] } | null = null;
  const ctrfFile = byRel.get(CTRF);
  const ctrfWarnings: string[] = [];
  if (ctrfFile) {
    const parsed = readJsonAs(ctrfFile, ZCtrf);
    if (parsed.ok) ctrf = checksFromCtrf(parsed.data, parsed.raw);
    else {
      reject(ctrfFile.path, parsed.error);
      ctrfWarnings.push(`${CTRF} was rejected (${parsed.error}), so its tests are not checks`);
    }
  }
  const trial = normaliseHarborTrial({
    result: { file, data: read.data, raw: read.raw },
    trialDir,
    sidecars: [...own.map((f) => f.path), ...sidecars],
    ctrf,
    verifier: trialDir === null ? null : readVerifierRewards(byRel, reject),
  });
  for (const w of ctrfWarnings) trial.rollout.warnings.push(w);
  return trial;
}

function readJob(file: InputFile, sidecars: string[], reject: Reject): HarborJobFile | null {
  const read = readJsonAs(file, ZHarborJob);
  if (!read.ok) {
    reject(file.path, read.error);
    return null;
  }
  const rawEvals = ((read.raw.stats as JsonObject).evals ?? {}) as JsonObject;
  const listings = Object.entries(read.data.stats.evals).map(([key, entry]) =>
    readEval(key, entry, (rawEvals[key] ?? {}) as JsonObject),
  );
  if (listings.length === 0) {
    reject(file.path, "stats.evals is empty: the job lists no trials");
    return null;
  }
  return { file, data: read.data, raw: read.raw, sidecars, listings };
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

function parse(files: readonly InputFile[], options: ParseOptions): ParseResult {
  const rejected: FileRejection[] = [];
  const reject: Reject = (path, error) => rejected.push({ path, error });
  const layout = harborLayout(files);
  for (const file of layout.rest) {
    const decoded = /\.json$/i.test(file.path) ? readJsonFile(file) : null;
    reject(file.path, decoded && !decoded.ok ? decoded.error : NOT_HARBOR);
  }
  const sidecarsOf = new Map<string, string[]>();
  for (const f of layout.jobSidecars)
    sidecarsOf.set(dirName(f.path), [...(sidecarsOf.get(dirName(f.path)) ?? []), f.path]);

  const trials: { trial: HarborTrial; jobDir: string | null }[] = [];
  for (const file of layout.trials) {
    const trialDir = baseName(file.path) === "result.json" ? dirName(file.path) : null;
    const jobDir = trialDir === null ? dirName(file.path) : jobDirOf(trialDir);
    const own = trialDir === null ? [] : (layout.byTrial.get(trialDir) ?? []);
    const trial = readTrial(file, own, jobDir === null ? [] : (sidecarsOf.get(jobDir) ?? []), reject);
    if (trial) trials.push({ trial, jobDir });
  }

  const drafts: HarborDraft[] = [];
  const used = new Set<HarborTrial>();
  for (const file of layout.jobs) {
    const jobDir = dirName(file.path);
    const job = readJob(file, sidecarsOf.get(jobDir) ?? [], reject);
    if (!job) continue;
    // Trial folders beside the job file are its trials: each gives its listed trial's details.
    const beside = trials
      .filter((t) => t.jobDir === jobDir && t.trial.trialDir !== null && !used.has(t.trial))
      .map((t) => t.trial);
    for (const listing of job.listings) {
      const mine = beside.filter((t) => t.evalKey === listing.key);
      for (const t of mine) {
        used.add(t);
        const sidecars = job.sidecars.filter((p) => !t.rollout.files.includes(p));
        t.rollout.files.push(file.path);
        for (const p of sidecars) t.rollout.files.push(p);
      }
      drafts.push(runFromJob(job, listing, mine, jobDir, options));
    }
    for (const t of beside.filter((t) => !used.has(t))) {
      t.rollout.warnings.push(`its eval ${t.evalKey} is not among the evals of ${file.path}`);
    }
  }
  const loose = trials.filter((t) => !used.has(t.trial));
  for (const group of groupBy(loose, (t) => JSON.stringify([t.jobDir, t.trial.evalKey])).values()) {
    const first = group[0]!;
    drafts.push(
      runFromTrials(
        first.trial.evalKey,
        group.map((g) => g.trial),
        first.jobDir,
        options,
      ),
    );
  }
  return { runs: nameRuns(drafts, options), rejected };
}

/** Runs are named by their eval key (the user's --run when there is one run), with the job folder when several. */
function nameRuns(drafts: readonly HarborDraft[], options: ParseOptions): NormalizedRun[] {
  const jobDirs = new Set(drafts.map((d) => d.jobDir ?? ""));
  const given = options.runName?.trim();
  return drafts.map((d) => {
    const distinct = jobDirs.size > 1 && d.jobDir ? `${folderName(d.jobDir)} · ${d.evalKey}` : d.evalKey;
    const name = given ? (drafts.length === 1 ? given : `${given} · ${distinct}`) : distinct;
    return { name, ...d.run };
  });
}

/** Harbor: trial folders (result.json, verifier/ctrf.json) and job result.json files (one run per eval key). */
export const harborFormat: FormatModule = {
  id: "harbor",
  claim,
  parse,
  detectKeys: ["verifier_result", "agent_info", "stats"],
};
