import { describe, expect, it } from "vitest";
import { parseBatch } from "@/lib/ingest/parse-batch";
import { loadFixture } from "../__fixtures__/load-fixture";
import { trialTextFiles } from "./trial-texts";

const TRAITS = "traces/harbor/refreshdotdev/terminus2-complex-daytona/122_enthought__traits__step280____3M8gNiB";
const COMPLEX = "traces/harbor/refreshdotdev/terminus2-complex-daytona";

/** The stored files of each rollout of an ingested folder, by rollout id. */
function rolloutFiles(folder: string): Map<string, { path: string; sourcePath: string }[]> {
  const batch = parseBatch(loadFixture(folder), { rootName: "trials" });
  const out = new Map<string, { path: string; sourcePath: string }[]>();
  for (const run of batch.runs)
    for (const r of run.rollouts)
      out.set(
        r.id,
        r.files.map((path) => ({ path, sourcePath: r.source.path })),
      );
  return out;
}

describe("trialTextFiles", () => {
  it("finds verifier/test-stdout.txt and exception.txt of a trial ingested on its own (the trial is the root)", () => {
    const [files] = [...rolloutFiles(TRAITS).values()];
    const picked = trialTextFiles("result.json", files!);
    expect(picked.verifierOutput?.path).toBe("verifier/test-stdout.txt");
    expect(picked.exception?.path).toBe("exception.txt");
  });

  it("finds them inside each trial folder of a job, and only that trial's", () => {
    const byRollout = rolloutFiles(COMPLEX);
    const traits = byRollout.get("122_enthought__traits__step280____3M8gNiB")!;
    const isoquant = byRollout.get("126_ablab__isoquant__step39__int__GRU3mpX")!;
    expect(trialTextFiles(traits[0]!.sourcePath, traits)).toEqual({
      verifierOutput: {
        path: "122_enthought__traits__step280____3M8gNiB/verifier/test-stdout.txt",
        sourcePath: traits[0]!.sourcePath,
      },
      exception: { path: "122_enthought__traits__step280____3M8gNiB/exception.txt", sourcePath: traits[0]!.sourcePath },
    });
    // This trial never reached its verifier.
    const picked = trialTextFiles(isoquant[0]!.sourcePath, [...isoquant, ...traits]);
    expect(picked.verifierOutput).toBeNull();
    expect(picked.exception?.path).toBe("126_ablab__isoquant__step39__int__GRU3mpX/exception.txt");
  });

  it("picks nothing for a loose <name>.result.json or a file of the same name in another folder", () => {
    const files = [
      { path: "exception.txt" },
      { path: "verifier/test-stdout.txt" },
      { path: "a/verifier/test-stdout.txt" },
    ];
    expect(trialTextFiles("a.result.json", files)).toEqual({ verifierOutput: null, exception: null });
    expect(trialTextFiles("b/result.json", files)).toEqual({ verifierOutput: null, exception: null });
    expect(trialTextFiles("a/result.json", files).verifierOutput).toEqual({ path: "a/verifier/test-stdout.txt" });
  });
});
