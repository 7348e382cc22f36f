import { trialTextFiles } from "@/lib/formats/harbor/trial-texts";
import type { RolloutDetail, StoredFileRef } from "@/lib/store/records";
import type { Store } from "@/lib/store/store";

/**
 * Bytes of a trial text the page carries from its start, and from its end when it is longer: a test log's start
 * says what ran, its end the verdict. The rest is fetched on request, or downloaded with the raw file.
 */
export const TRIAL_TEXT_CAP = 16 * 1024;
export const TRIAL_TEXT_TAIL = 4 * 1024;

/** Formats whose trial folders hold `verifier/test-stdout.txt` and `exception.txt`. */
const TRIAL_FOLDER_FORMATS = new Set(["harbor", "benchflow"]);

export interface TrialText {
  path: string;
  sha256: string;
  /** The first TRIAL_TEXT_CAP bytes as UTF-8 (invalid bytes replaced). */
  text: string;
  /** When truncated, the last TRIAL_TEXT_TAIL bytes as UTF-8; else null. */
  tail: string | null;
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
  const truncated = head.length < raw.bytes.length;
  const tail = raw.bytes.subarray(Math.max(head.length, raw.bytes.length - TRIAL_TEXT_TAIL));
  return {
    path: ref.path,
    sha256: ref.sha256,
    text: lenient.decode(head),
    tail: truncated ? lenient.decode(tail) : null,
    bytes: raw.bytes.length,
    truncated,
  };
}

/** A trial's verifier output and exception text, read from the rollout's stored raw files (capped). */
export async function readTrialTexts(
  store: Store,
  rollout: Pick<RolloutDetail, "sourceFormat" | "sourcePath" | "files">,
): Promise<TrialTexts> {
  if (!TRIAL_FOLDER_FORMATS.has(rollout.sourceFormat)) return { verifierOutput: null, exception: null };
  const files = trialTextFiles(rollout.sourcePath, rollout.files);
  const [verifierOutput, exception] = await Promise.all([
    readCapped(store, files.verifierOutput),
    readCapped(store, files.exception),
  ]);
  return { verifierOutput, exception };
}
