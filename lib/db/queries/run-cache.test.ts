import { beforeEach, expect, it } from "vitest";
import { forEachDatabase } from "../test-databases";
import { loadScoringRun } from "./load-scoring-run";
import { loadScoringRunCached } from "./run-cache";
import { loadFixture } from "@/lib/formats/__fixtures__/load-fixture";
import { ingestFiles } from "@/lib/ingest/ingest-files";

forEachDatabase("loadScoringRunCached", (t) => {
  beforeEach(() => t.reset());

  it("serves an unchanged run from memory and rereads it once rollouts are added", async () => {
    const files = loadFixture("scoring-article");
    const first = await ingestFiles(t.db, files.slice(0, 1), { runName: "nightly", rootName: "a" });
    const id = first.runs[0]!.id;
    const one = await loadScoringRunCached(t.db, id);
    expect(one?.rollouts).toHaveLength(1);
    expect(await loadScoringRunCached(t.db, id)).toBe(one);

    await ingestFiles(t.db, files, { runName: "nightly", rootName: "a" });
    const three = await loadScoringRunCached(t.db, id);
    expect(three).not.toBe(one);
    expect(three).toEqual(await loadScoringRun(t.db, id));
    expect(three?.rollouts).toHaveLength(3);
    expect(await loadScoringRunCached(t.db, id)).toBe(three);
  });

  it("answers null for an unknown run", async () => {
    expect(await loadScoringRunCached(t.db, "nope")).toBeNull();
  });
});
