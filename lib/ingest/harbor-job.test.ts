import { beforeEach, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/test-databases";
import { loadFixture } from "@/lib/formats/__fixtures__/load-fixture";
import { ingestFiles } from "./ingest-files";

const SCAN = "3d-scan-calc__F8Fc7fn";

// harbor-real: a real Harbor job result.json (its trial lists trimmed to 19 trials) beside 2 of its trial folders.
forEachDatabase("Harbor job with some of its trial folders", (t) => {
  beforeEach(() => t.reset());

  it("stores every listed trial, checks where a trial folder has them, and the note of how many have one", async () => {
    const { runs, rejected } = await ingestFiles(t.store, loadFixture("harbor-real"), { rootName: "harbor-real" });
    expect(rejected).toEqual([]);
    expect(runs).toEqual([expect.objectContaining({ rollouts: 19, created: true })]);
    const scoring = (await t.store.loadScoringRun(runs[0]!.id))!;
    const withChecks = scoring.rollouts.filter((r) => r.checks.length > 0).map((r) => [r.id, r.checks.length]);
    expect(withChecks).toEqual([[SCAN, 2]]);
    const run = await t.db.run.findUniqueOrThrow({ where: { id: runs[0]!.id } });
    expect(run.warnings).toContain(
      "2 of 19 trials have a trial folder; the other 17 come from job-result.trimmed.json alone: their reward and exception, without checks, verifier output or trace",
    );
    expect(run.summary).toMatchObject({ rollouts: 19, scored: 14, unscored: 5 });

    const again = await ingestFiles(t.store, loadFixture("harbor-real"), { rootName: "harbor-real" });
    expect(again.accepted).toEqual([]);
    expect(again.duplicates).toEqual([
      `${SCAN}/result.json`,
      "job-result.trimmed.json",
      "manufacturing-equipment-maintena__JkcRFYa/result.json",
    ]);
    expect(await t.db.rollout.count()).toBe(19);
  });
});
