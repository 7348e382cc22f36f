import { emptyRollout } from "../grade/assemble";
import { sha256Hex } from "../hash";
import type { InputFile, JsonObject, NormalizedRollout, NormalizedTask } from "../types";
import { parseEvalKey, taskFromTrialName, truncationWarning, type EvalKey } from "./eval-key";
import type { THarborEval } from "./schema";
import { mainReward, type HarborTrial } from "./trial";
import { count, plural } from "@/lib/scoring/core/numbers";

/** One trial as a job's result.json lists it: its named rewards and its exception type. */
export interface ListedTrial {
  name: string;
  rewards: Record<string, number>;
  exception: string | null;
}

/** One `stats.evals` entry, read: the trials it lists and Harbor's own figures. */
export interface EvalListing extends EvalKey {
  key: string;
  trials: Map<string, ListedTrial>;
  /** Harbor's mean (metrics[].mean), which counts unscored trials as 0. */
  harborMean: number | null;
  /** The entry without its trial lists: n_trials, n_errors, metrics, pass_at_k, … */
  figures: JsonObject;
  warnings: string[];
}

function listed(trials: Map<string, ListedTrial>, name: string): ListedTrial {
  let trial = trials.get(name);
  if (!trial) trials.set(name, (trial = { name, rewards: {}, exception: null }));
  return trial;
}

/** "1 trial", "14 trials" (or "1 scored trial"…) for the sentences ingest stores with the run. */
function trialCount(n: number, noun = "trial"): string {
  return plural(n, noun);
}

/** Reward keys are strings ("1.0", "0.85"): Harbor writes a Python dict keyed by float. */
export function readEval(key: string, entry: THarborEval, raw: JsonObject): EvalListing {
  const trials = new Map<string, ListedTrial>();
  const warnings: string[] = [];
  for (const [rewardName, buckets] of Object.entries(entry.reward_stats ?? {})) {
    for (const [valueText, names] of Object.entries(buckets)) {
      const value = Number(valueText);
      if (valueText.trim() === "" || !Number.isFinite(value)) {
        warnings.push(
          `reward_stats.${rewardName} has the key ${JSON.stringify(valueText)}, which is not a number: its ${trialCount(names.length)} ${names.length === 1 ? "gets" : "get"} no ${rewardName}`,
        );
        continue;
      }
      for (const name of names) {
        const trial = listed(trials, name);
        if (rewardName in trial.rewards && trial.rewards[rewardName] !== value) {
          warnings.push(
            `trial ${name} is listed under two ${rewardName} values (${trial.rewards[rewardName]}, ${value}); using the first`,
          );
          continue;
        }
        trial.rewards[rewardName] = value;
      }
    }
  }
  for (const [type, names] of Object.entries(entry.exception_stats ?? {})) {
    for (const name of names) {
      const trial = listed(trials, name);
      trial.exception ??= type;
    }
  }
  const mean = entry.metrics?.map((m) => m.mean).find((m): m is number => typeof m === "number") ?? null;
  const { reward_stats: _r, exception_stats: _e, ...figures } = raw;
  return { key, ...parseEvalKey(key), trials, harborMean: mean, figures, warnings };
}

/** Rollouts from the job file alone: each listed trial, with its reward (no checks) or unscored by its exception. */
export function rolloutsFromListing(
  listing: EvalListing,
  file: InputFile,
  sidecars: readonly string[],
): { rollout: NormalizedRollout; task: NormalizedTask }[] {
  const sha256 = sha256Hex(file.bytes);
  return [...listing.trials.values()].map((trial) => {
    const taskId = taskFromTrialName(trial.name);
    const main = mainReward(trial.rewards);
    const warnings: string[] = [];
    if (main.value === null) {
      warnings.push(
        trial.exception
          ? `unscored: ${trial.exception} (the job's exception_stats lists it and no reward; the message is in the trial's own result.json)`
          : "unscored: the job lists no reward for it",
      );
    }
    const truncated = truncationWarning(taskId);
    if (truncated) warnings.push(truncated);
    const metadata: JsonObject = { evalKey: listing.key, fromJobFile: true };
    if (Object.keys(trial.rewards).length > 0) metadata.rewards = trial.rewards;
    const rollout: NormalizedRollout = {
      ...emptyRollout({
        id: trial.name,
        task: taskId,
        status: main.value === null ? "unscored" : "scored",
        rule: "reward",
        source: { path: `${file.path}#${trial.name}`, format: "harbor", sha256 },
        files: [file.path, ...sidecars],
      }),
      reportedReward: main.value,
      error: trial.exception,
      errorCategory: trial.exception,
      warnings,
      metadata,
    };
    return { rollout, task: { key: taskId, taskId, name: null, group: null, weight: 1 } };
  });
}

const same = (a: number | null | undefined, b: number | null | undefined) =>
  a == null || b == null ? a == b : Math.abs(a - b) <= 1e-9;

/**
 * Where a trial folder beside the job file disagrees with the job's lists: a trial the job does not list, a
 * reward or exception that differs. The trial folder wins; each difference is one line of the returned warning.
 */
export function listingDisagreement(
  listing: EvalListing,
  trials: readonly HarborTrial[],
  jobPath: string,
): string | null {
  const diffs: string[] = [];
  for (const t of trials) {
    const entry = listing.trials.get(t.rollout.id);
    if (!entry) {
      diffs.push(`trial ${t.rollout.id} is not listed`);
      continue;
    }
    const listedReward = mainReward(entry.rewards).value;
    if (!same(listedReward, t.rollout.reportedReward)) {
      diffs.push(
        `trial ${t.rollout.id}: reward ${t.rollout.reportedReward ?? "none"} in its folder, ${listedReward ?? "none"} in the job`,
      );
    }
    if ((entry.exception ?? null) !== (t.rollout.errorCategory ?? null)) {
      diffs.push(
        `trial ${t.rollout.id}: exception ${t.rollout.errorCategory ?? "none"} in its folder, ${entry.exception ?? "none"} in the job`,
      );
    }
  }
  return diffs.length === 0
    ? null
    : `${jobPath} (${listing.key}) disagrees with the trial folders, which are used: ${diffs.join("; ")}`;
}

/** How many of the run's trials have a trial folder; null when every one has. */
export function detailsNote(withFolder: number, total: number, jobPath: string): string | null {
  if (withFolder >= total) return null;
  return (
    `${count(withFolder)} of ${trialCount(total)} have a trial folder; the other ${count(total - withFolder)} come from ${jobPath} ` +
    "alone: their reward and exception, without checks, verifier output or trace"
  );
}

/** The job's counts against its own lists (a trimmed or partial file lists fewer trials than it counts). */
export function countsDisagreement(listing: EvalListing, jobPath: string): string | null {
  const diffs = countDiffs(listing);
  return diffs.length === 0
    ? null
    : `${jobPath} (${listing.key}): its counts disagree with its trial lists, which may be incomplete: ${diffs.join("; ")}`;
}

function countDiffs(listing: EvalListing): string[] {
  const listed = [...listing.trials.values()];
  const withReward = listed.filter((t) => mainReward(t.rewards).value !== null).length;
  const withException = listed.filter((t) => t.exception !== null).length;
  const diffs: string[] = [];
  const nTrials = listing.figures.n_trials;
  const nErrors = listing.figures.n_errors;
  if (typeof nTrials === "number" && nTrials !== withReward)
    diffs.push(`n_trials ${nTrials} vs ${withReward} trials listed with a reward`);
  if (typeof nErrors === "number" && nErrors !== withException)
    diffs.push(`n_errors ${nErrors} vs ${withException} trials listed in exception_stats`);
  return diffs;
}

const fmt = (x: number) => String(Math.round(x * 1e4) / 1e4);

/** The run's trials, as the mean note needs them: id and reward (null: unscored). */
export interface TrialReward {
  id: string;
  reward: number | null;
}

/**
 * Why Harbor's mean is not over this run's trials, or null when it is: Harbor divides by every trial of the
 * eval, so the run must hold exactly the trials the job's lists name, and those lists must be whole (their
 * lengths match the job's n_trials and n_errors).
 */
function otherTrials(listing: EvalListing, trials: readonly TrialReward[]): string | null {
  const diffs = countDiffs(listing);
  if (diffs.length > 0)
    return `the job file lists ${trialCount(listing.trials.size)} and its counts disagree (${diffs.join("; ")})`;
  const unlisted = trials.filter((t) => !listing.trials.has(t.id)).length;
  return unlisted > 0 ? `${trialCount(unlisted)} here ${unlisted === 1 ? "is" : "are"} not in the job's lists` : null;
}

/**
 * The sentence the run page shows beside Harbor's mean. Harbor divides by every trial of the eval, counting the
 * unscored ones (listed under exception_stats with no reward) as 0; Tally leaves unscored trials out of every
 * mean unless the user counts them as failures. The comparison is made only when the job's trials are this
 * run's trials; otherwise the sentence says Harbor's mean is over other trials.
 */
export function harborMeanNote(harborMean: number, listing: EvalListing, trials: readonly TrialReward[]): string {
  const scored = trials.map((t) => t.reward).filter((r): r is number => r !== null);
  const sum = scored.reduce((a, b) => a + b, 0);
  const tally =
    scored.length === 0
      ? "no trial here is scored"
      : `Tally's mean reward over the ${trialCount(scored.length, "scored trial")} here is ${fmt(sum / scored.length)}` +
        (scored.length < trials.length
          ? ` (${fmt(sum / trials.length)} with the ${count(trials.length - scored.length)} unscored counted as 0, as Harbor counts them)`
          : "");
  const other = otherTrials(listing, trials);
  if (other !== null) {
    return `Harbor reports ${fmt(harborMean)} over its job's trials, which are not this run's: ${other}. ${tally[0]!.toUpperCase()}${tally.slice(1)}.`;
  }
  const unscoredListed = [...listing.trials.values()].filter((t) => mainReward(t.rewards).value === null).length;
  if (unscoredListed === 0)
    return `Harbor reports ${fmt(harborMean)} over the same trials; ${tally}: no trial is unscored, so the two agree.`;
  return `Harbor's mean counts the ${trialCount(unscoredListed, "unscored trial")} as 0; Tally excludes them by default: Harbor reports ${fmt(harborMean)}, ${tally}.`;
}
