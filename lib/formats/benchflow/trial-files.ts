import { readVerifierRewards, type RewardReading } from "../harbor/verifier-rewards";
import { readJsonAs } from "../harbor/read-json-as";
import { readJsonFile } from "../json";
import type { InputFile, JsonObject } from "../types";
import { readRewardDetails, type RewardDetails } from "./reward-details";
import { ZRegradeRecord, ZRegradeSummary, type TRegradeRecord, type TRegradeSummary } from "./schema";

export const REGRADE = "regrade.json";
export const REGRADE_SUMMARY = "regrade-summary.json";
const DETAILS = "verifier/reward-details.json";

/** What a BenchFlow trial folder holds besides result.json, read. Paths are inside the trial folder. */
export interface TrialFiles {
  rewards: RewardReading[];
  /** reward.json's other named scores. */
  rewardScores: JsonObject;
  details: RewardDetails | null;
  regrade: TRegradeRecord | null;
  /** A regrade-summary.json inside the trial (a single-trial regrade writes it there). */
  regradeSummary: { path: string; summary: TRegradeSummary } | null;
  warnings: string[];
}

type Reject = (path: string, error: string) => void;

/** Reads reward.json, reward.txt, reward-details.json, regrade.json and regrade-summary.json of one trial. */
export function readTrialFiles(byRel: ReadonlyMap<string, InputFile>, reject: Reject): TrialFiles {
  const verifier = readVerifierRewards(byRel, reject);
  const out: TrialFiles = {
    rewards: verifier.readings,
    rewardScores: verifier.others,
    details: null,
    regrade: null,
    regradeSummary: null,
    warnings: [...verifier.warnings],
  };
  const failed = (file: InputFile, rel: string, error: string, what: string) => {
    reject(file.path, error);
    out.warnings.push(`${rel} was rejected (${error}), so ${what}`);
  };

  const details = byRel.get(DETAILS);
  if (details) {
    const decoded = readJsonFile(details);
    if (decoded.ok) out.details = readRewardDetails(decoded.value);
    else failed(details, DETAILS, decoded.error, "its checks were not read");
  }
  const regrade = byRel.get(REGRADE);
  if (regrade) {
    const read = readJsonAs(regrade, ZRegradeRecord);
    if (read.ok) out.regrade = read.data;
    else failed(regrade, REGRADE, read.error, "its regrade is not shown");
  }
  const summary = byRel.get(REGRADE_SUMMARY);
  if (summary) {
    const read = readJsonAs(summary, ZRegradeSummary);
    if (read.ok) out.regradeSummary = { path: summary.path, summary: read.data };
    else failed(summary, REGRADE_SUMMARY, read.error, "its regrades are not shown");
  }
  return out;
}
