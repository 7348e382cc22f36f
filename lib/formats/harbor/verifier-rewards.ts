import { decodeText, isJsonObject, readJsonFile } from "../json";
import type { InputFile, JsonObject } from "../types";

/**
 * The verifier's own reward files, which Harbor and BenchFlow both write to `<trial>/verifier/`: reward.txt
 * (one number) and reward.json (`{"reward": n, …other named scores}`, or a bare number).
 */

export type RewardFileRead = { ok: true; reward: number | null; others: JsonObject } | { ok: false; error: string };

function quoted(text: string): string {
  const line = text.trim().split("\n")[0] ?? "";
  return JSON.stringify(line.length > 40 ? `${line.slice(0, 40)}…` : line);
}

/** verifier/reward.txt: one number (surrounding whitespace allowed). */
export function readRewardTxt(file: InputFile): RewardFileRead {
  const text = decodeText(file.bytes);
  if (text === null) return { ok: false, error: "not UTF-8 text (expected one number)" };
  const trimmed = text.trim();
  const value = trimmed === "" ? Number.NaN : Number(trimmed);
  if (!Number.isFinite(value))
    return { ok: false, error: `expected one number, found ${trimmed === "" ? "nothing" : quoted(trimmed)}` };
  return { ok: true, reward: value, others: {} };
}

/** verifier/reward.json: `{"reward": n, …}` (other named numbers kept) or a bare number. */
export function readRewardJson(file: InputFile): RewardFileRead {
  const decoded = readJsonFile(file);
  if (!decoded.ok) return decoded;
  const value = decoded.value;
  if (typeof value === "number") return { ok: true, reward: value, others: {} };
  if (!isJsonObject(value)) return { ok: false, error: 'expected an object of named rewards, e.g. {"reward": 1.0}' };
  const { reward, ...others } = value;
  if (reward !== undefined && reward !== null && typeof reward !== "number") {
    return { ok: false, error: `reward: expected number, received ${Array.isArray(reward) ? "array" : typeof reward}` };
  }
  return { ok: true, reward: typeof reward === "number" ? reward : null, others };
}

export interface RewardReading {
  /** Where the value was read, as a reader names it: `result.json`, `verifier/reward.txt`. */
  source: string;
  value: number;
}

/** Readers round (0.6667 in a text file for 2/3): values this close agree. */
export const REWARD_TOLERANCE = 1e-4;

/**
 * A warning when the recorded rewards of one trial disagree, naming each source and value, e.g.
 * "rewards disagree: result.json 1, verifier/reward.txt 0.5 (using result.json)". null when they agree.
 */
export function rewardDisagreement(readings: readonly RewardReading[], used: string | null): string | null {
  if (readings.length < 2) return null;
  const values = readings.map((r) => r.value);
  const high = values.reduce((a, b) => Math.max(a, b), -Infinity);
  const low = values.reduce((a, b) => Math.min(a, b), Infinity);
  if (high - low <= REWARD_TOLERANCE) return null;
  const list = readings.map((r) => `${r.source} ${r.value}`).join(", ");
  return `rewards disagree: ${list}${used ? ` (using ${used})` : ""}`;
}

export interface VerifierRewards {
  /** reward.json's then reward.txt's reward, each named by its path in the trial (`verifier/reward.txt`). */
  readings: RewardReading[];
  /** reward.json's other named scores. */
  others: JsonObject;
  warnings: string[];
}

/**
 * The reward files of a trial folder (`files` keyed by their path inside the trial). A file that cannot be
 * read is rejected and named in a warning; the trial itself is still read.
 */
export function readVerifierRewards(
  files: ReadonlyMap<string, InputFile>,
  reject: (path: string, error: string) => void,
): VerifierRewards {
  const out: VerifierRewards = { readings: [], others: {}, warnings: [] };
  for (const [rel, read] of [
    ["verifier/reward.json", readRewardJson],
    ["verifier/reward.txt", readRewardTxt],
  ] as const) {
    const file = files.get(rel);
    if (!file) continue;
    const result = read(file);
    if (!result.ok) {
      reject(file.path, result.error);
      out.warnings.push(`${rel} was rejected (${result.error}), so its reward was not read`);
      continue;
    }
    if (result.reward !== null) out.readings.push({ source: rel, value: result.reward });
    Object.assign(out.others, result.others);
  }
  return out;
}
