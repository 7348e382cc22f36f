import path from "node:path";
import { describe, expect, it } from "vitest";
import { writeInspectEval } from "@/lib/bench/inspect-eval";
import { cliOnTempDatabase } from "./cli-test-kit";

const { dir, tally, tallyWith } = cliOnTempDatabase("ingest-limits");

interface IngestJson {
  runs: { rollouts: number }[];
  rejected: { path: string; error: string }[];
}
const json = (stdout: string) => JSON.parse(stdout) as IngestJson;

// `tally ingest` is held to the same limits as an upload: each a process of its own, on real files.
describe("tally ingest within the limits", { timeout: 120_000 }, () => {
  it("ingests a generated Inspect .eval (Zstandard members) and refuses it, naming the setting, past the limit", () => {
    // 500 samples keep the test fast; `tally bench --inspect-eval 50000` is the full-size run (README).
    const log = writeInspectEval(path.join(dir, "log.eval"), { samples: 500, seed: 3, compression: "raw" });
    const stored = tally("ingest", log.file, "--json");
    expect(stored.status, stored.stderr).toBe(0);
    expect(json(stored.stdout).runs[0]!.rollouts).toBe(500);

    // What it costs the batch: its members' bytes and 1 KiB per member.
    const cost = log.expandedBytes + log.entries * 1024;
    const refused = tallyWith({ TALLY_MAX_EXPANDED_BYTES: String(cost - 1) }, "ingest", log.file, "--json");
    expect(refused.status).toBe(1);
    expect(json(refused.stdout).rejected).toEqual([
      {
        path: "log.eval",
        error: expect.stringMatching(/^archive expands to more than the limit of \d+ bytes .*TALLY_MAX_EXPANDED_BYTES/),
      },
    ]);
  });
});
