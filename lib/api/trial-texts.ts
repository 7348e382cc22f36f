import { trialTextFiles } from "@/lib/formats/harbor/trial-texts";
import type { RolloutDetail, StoredFileRef } from "@/lib/store/records";
import type { Store } from "@/lib/store/store";

/** Bytes of a trial text read for the page; the raw file's download has all of it. */
export const TRIAL_TEXT_CAP = 200 * 1024;

/** Formats whose trial folders hold `verifier/test-stdout.txt` and `exception.txt`. */
const TRIAL_FOLDER_FORMATS = new Set(["harbor", "benchflow"]);

export interface TrialText {
  path: string;
  sha256: string;
  /** The first TRIAL_TEXT_CAP bytes as UTF-8 (invalid bytes replaced). */
  text: string;
  /** Size of the whole file. */
  bytes: number;
  truncated: boolean;
}

export interface TrialTexts {
  verifierOutput: TrialText | null;
  exception: TrialText | null;
}

const lenient = new TextDecoder("utf-8", { fatal: false });

async function readCapped(store: Store, ref: StoredFileRef | null): Promise<TrialText | null> {
  if (!ref) return null;
  const raw = await store.getRawFile(ref.sha256);
  if (!raw) return null;
  const head = raw.bytes.subarray(0, TRIAL_TEXT_CAP);
  return {
    path: ref.path,
    sha256: ref.sha256,
    text: lenient.decode(head),
    bytes: raw.bytes.length,
    truncated: head.length < raw.bytes.length,
  };
}

/** A trial's verifier output and exception text, read from the rollout's stored raw files (capped). */
export async function readTrialTexts(store: Store, rollout: RolloutDetail): Promise<TrialTexts> {
  if (!TRIAL_FOLDER_FORMATS.has(rollout.sourceFormat)) return { verifierOutput: null, exception: null };
  const files = trialTextFiles(rollout.sourcePath, rollout.files);
  const [verifierOutput, exception] = await Promise.all([
    readCapped(store, files.verifierOutput),
    readCapped(store, files.exception),
  ]);
  return { verifierOutput, exception };
}
