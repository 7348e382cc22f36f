import { ambiguousRunMessage, matchRunRef } from "@/lib/store/run-by-name";
import type { Store } from "@/lib/store/store";
import { UsageError } from "./args";

/** A stored run by id, else by its name when one run has it; an error naming the ref otherwise. */
export async function findRun(store: Store, ref: string) {
  const match = await matchRunRef(store, ref);
  if (match.kind === "ambiguous") throw new UsageError(ambiguousRunMessage(ref, match.ids));
  const run = match.kind === "found" ? await store.getRun(match.id) : null;
  if (!run) throw new Error(`no run with id or name "${ref}" (tally runs list shows them)`);
  return run;
}
