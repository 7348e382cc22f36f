import type { InputFile, JsonObject, NormalizedRun, ParseOptions } from "../types";
import { parseEvalKey } from "./eval-key";
import {
  countsDisagreement,
  detailsNote,
  harborMeanNote,
  listingDisagreement,
  rolloutsFromListing,
  type EvalListing,
  type TrialReward,
} from "./job";
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
function addHarborMean(meta: JsonObject, listing: EvalListing, trials: readonly TrialReward[]): void {
  if (listing.harborMean === null) return;
  meta.harborMean = listing.harborMean;
  meta.harborMeanNote = harborMeanNote(listing.harborMean, listing, trials);
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

/** Trial folders of one eval with no job file beside them. */
export function runFromTrials(
  evalKey: string,
  trials: readonly HarborTrial[],
  jobDir: string | null,
  options: ParseOptions,
): HarborDraft {
  const first = trials[0]!;
  const metadata: JsonObject = { evalKey, trialFolders: trials.length };
  if (first.dataset) metadata.dataset = first.dataset;
  return draft(
    { rollouts: trials.map((t) => t.rollout), tasks: trials.map((t) => t.task) },
    {
      evalKey,
      jobDir,
      agent: options.agent ?? first.agent,
      model: options.model ?? first.model,
      createdAt: null,
    },
    [],
    metadata,
  );
}

/**
 * One eval of a job file: every trial the job lists, each from its trial folder where `folders` has it (checks,
 * verifier output, trace, measures), else from the job's lists (reward and exception). Trial folders the job
 * does not list are kept too, after the listed trials.
 */
export function runFromJob(
  job: HarborJobFile,
  listing: EvalListing,
  folders: readonly HarborTrial[],
  jobDir: string | null,
  options: ParseOptions,
): HarborDraft {
  const byName = new Map(folders.map((t) => [t.rollout.id, t]));
  const listed = rolloutsFromListing(listing, job.file, job.sidecars).map(
    (item) => byName.get(item.rollout.id) ?? item,
  );
  const unlisted = folders.filter((t) => !listing.trials.has(t.rollout.id));
  const items = [...listed, ...unlisted];

  const warnings = [...listing.warnings];
  const counts = countsDisagreement(listing, job.file.path);
  if (counts) warnings.push(counts);
  const disagreement = listingDisagreement(listing, folders, job.file.path);
  if (disagreement) warnings.push(disagreement);
  const details = detailsNote(folders.length, items.length, job.file.path);
  if (details) warnings.push(details);

  const first = folders[0];
  const metadata: JsonObject = {
    evalKey: listing.key,
    trialFolders: folders.length,
    listedTrials: listing.trials.size,
    ...jobMetadata(job, listing),
  };
  const dataset = first?.dataset ?? listing.dataset;
  if (dataset) metadata.dataset = dataset;
  addHarborMean(
    metadata,
    listing,
    items.map(({ rollout }) => ({
      id: rollout.id,
      reward: rollout.status === "scored" ? rollout.reportedReward : null,
    })),
  );
  const key = parseEvalKey(listing.key);
  return draft(
    { rollouts: items.map((i) => i.rollout), tasks: items.map((i) => i.task) },
    {
      evalKey: listing.key,
      jobDir,
      agent: options.agent ?? first?.agent ?? key.agent,
      model: options.model ?? first?.model ?? key.model,
      createdAt: isoTime(job.data.started_at),
    },
    warnings,
    metadata,
  );
}
