import { readSiloStateDiff, type StateDiffRead } from "@/lib/formats/silo/state-diff";
import type { InputFile } from "@/lib/formats/types";
import type { RolloutDetail } from "@/lib/store/records";
import type { Store } from "@/lib/store/store";

/** Only Silo records what a rollout changed in its environment (`state-diff.json` beside the result). */
const STATE_DIFF_NAME = /(^|[/.])state-diff\.json$/;

/** The rollout's state diff, read from its stored raw files; `none` when it has none. */
export async function readStoredStateDiff(
  store: Store,
  rollout: Pick<RolloutDetail, "sourceFormat" | "sourcePath" | "files">,
): Promise<StateDiffRead> {
  if (rollout.sourceFormat !== "silo") return { kind: "none" };
  const refs = rollout.files.filter((f) => STATE_DIFF_NAME.test(f.path));
  if (refs.length === 0) return { kind: "none" };
  const files: InputFile[] = [];
  for (const ref of refs) {
    const raw = await store.getRawFile(ref.sha256);
    if (raw) files.push({ path: ref.path, bytes: raw.bytes });
  }
  return readSiloStateDiff(files, rollout.sourcePath);
}
