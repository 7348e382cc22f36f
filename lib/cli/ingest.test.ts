import { describe, expect, it } from "vitest";
import { fixturePath } from "@/lib/formats/__fixtures__/load-fixture";
import { cliOnTempDatabase } from "./cli-test-kit";

const { tally } = cliOnTempDatabase("ingest");

// Each command is a process of its own (the first also builds the CLI bundle when a source changed).
describe("tally ingest", { timeout: 120_000 }, () => {
  it("warns when the new run holds another run's rollouts: the .eval and the .json of one Inspect log", () => {
    const first = tally("ingest", fixturePath("inspect-real/log_formats.eval"), "--run", "as eval");
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).not.toContain("warning:");

    const second = tally("ingest", fixturePath("inspect-real/log_formats.json"), "--run", "as json");
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout).toContain('Created run "as json"');
    expect(second.stdout).toContain(
      "  warning: Run “as json” shares 1 of its 1 rollout with run “as eval” (a duplicate of “as eval”; the same samples, read from another file of the same log).",
    );
  });
});
