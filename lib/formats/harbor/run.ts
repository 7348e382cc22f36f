import type { InputFile, JsonObject, NormalizedRun, ParseOptions } from "../types";
import { parseEvalKey } from "./eval-key";
import { countsDisagreement, harborMeanNote, listingDisagreement, rolloutsFromListing, type EvalListing } from "./job";
import { earliestStart, uniqueRolloutIds, uniqueTasks } from "./run-parts";
import type { THarborJob } from "./schema";
import { isoTime } from "./timestamps";
import type { HarborTrial } from "./trial";

export const PASS_THRESHOLD = 1;

/** A run before it is named: the batch names its runs together (harbor.ts). */
export interface HarborDraft {
  run: Omit<NormalizedRun, "name">;
  evalKey: string;
  jobDir: string | null;
}

/** A job's result.json, read, with the files Harbor writes beside it (config.json, job.log). */
export interface HarborJobFile {
  file: InputFile;
  data: THarborJob;
  raw: JsonObject;
  sidecars: string[];
  listings: EvalListing[];
}

function jobMetadata(job: HarborJobFile, listing: EvalListing): JsonObject {
  const meta: JsonObject = { jobFile: job.file.path, harborFigures: listing.figures };
  if (job.data.id) meta.harborJobId = job.data.id;
  if (job.data.started_at) meta.jobStartedAt = job.data.started_at;
  if (job.data.finished_at) meta.jobFinishedAt = job.data.finished_at;
  if (job.data.n_total_trials !== undefined) meta.nTotalTrials = job.data.n_total_trials;
  return meta;
}

/** Harbor's mean and the sentence that explains it beside Tally's, when the job file gives a mean. */
function addHarborMean(meta: JsonObject, listing: EvalListing, rewards: readonly (number | null)[]): void {
  if (listing.harborMean === null) return;
  meta.harborMean = listing.harborMean;
  meta.harborMeanNote = harborMeanNote(listing.harborMean, listing, rewards);
}

function draft(
  trialsOrRollouts: { rollouts: NormalizedRun["rollouts"]; tasks: NormalizedRun["tasks"] },
  parts: {
    evalKey: string;
    jobDir: string | null;
    agent: string | null;
    model: string | null;
    createdAt: string | null;
  },
  warnings: string[],
  metadata: JsonObject,
): HarborDraft {
  const rollouts = uniqueRolloutIds(trialsOrRollouts.rollouts);
  return {
    evalKey: parts.evalKey,
    jobDir: parts.jobDir,
    run: {
      agent: parts.agent,
      model: parts.model,
      format: "harbor",
      createdAt: earliestStart(rollouts, parts.createdAt),
      passThreshold: PASS_THRESHOLD,
      tasks: uniqueTasks(trialsOrRollouts.tasks),
      rollouts,
      warnings,
      regrades: [],
      metadata,
    },
  };
}

/** Trial folders of one eval (beside their job file when `job` is given, which then adds only metadata). */
export function runFromTrials(
  evalKey: string,
  trials: readonly HarborTrial[],
  jobDir: string | null,
  options: ParseOptions,
  job: { file: HarborJobFile; listing: EvalListing } | null,
): HarborDraft {
  const first = trials[0]!;
  const warnings: string[] = [];
  const metadata: JsonObject = { evalKey, trialFolders: trials.length };
  if (first.dataset) metadata.dataset = first.dataset;
  if (job) {
    Object.assign(metadata, jobMetadata(job.file, job.listing));
    warnings.push(...job.listing.warnings);
    const counts = countsDisagreement(job.listing, job.file.file.path);
    if (counts) warnings.push(counts);
    const disagreement = listingDisagreement(job.listing, trials, job.file.file.path);
    if (disagreement) warnings.push(disagreement);
    addHarborMean(
      metadata,
      job.listing,
      trials.map((t) => (t.rollout.status === "scored" ? t.rollout.reportedReward : null)),
    );
  }
  return draft(
    { rollouts: trials.map((t) => t.rollout), tasks: trials.map((t) => t.task) },
    {
      evalKey,
      jobDir,
      agent: options.agent ?? first.agent,
      model: options.model ?? first.model,
      createdAt: job ? isoTime(job.file.data.started_at) : null,
    },
    warnings,
    metadata,
  );
}

/** An eval of a job file with no trial folders beside it: its rollouts come from the job's trial lists. */
export function runFromListing(
  job: HarborJobFile,
  listing: EvalListing,
  jobDir: string | null,
  options: ParseOptions,
): HarborDraft {
  const items = rolloutsFromListing(listing, job.file, job.sidecars);
  const warnings = [...listing.warnings];
  const counts = countsDisagreement(listing, job.file.path);
  if (counts) warnings.push(counts);
  const metadata: JsonObject = { evalKey: listing.key, ...jobMetadata(job, listing) };
  if (listing.dataset) metadata.dataset = listing.dataset;
  addHarborMean(
    metadata,
    listing,
    items.map((i) => i.rollout.reportedReward),
  );
  const key = parseEvalKey(listing.key);
  return draft(
    { rollouts: items.map((i) => i.rollout), tasks: items.map((i) => i.task) },
    {
      evalKey: listing.key,
      jobDir,
      agent: options.agent ?? key.agent,
      model: options.model ?? key.model,
      createdAt: isoTime(job.data.started_at),
    },
    warnings,
    metadata,
  );
}
