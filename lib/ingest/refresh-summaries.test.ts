import { beforeEach, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/test-databases";
import { harborJobFiles, unevenEval } from "@/lib/formats/__fixtures__/harbor-job-generator";
import { SCORING_VERSION } from "@/lib/scoring/report/report";
import type { RunSummary } from "@/lib/store/records";
import { ingestFiles } from "./ingest-files";
import { refreshStaleSummaries } from "./refresh-summaries";

forEachDatabase("summaries stored by an earlier scoring version", (t) => {
  beforeEach(() => t.reset());

  it("are rewritten with this version's headline; current ones are left alone", async () => {
    const files = harborJobFiles([unevenEval({ agent: "a", model: "m", seed: 1, reportTasks: [3, 17, 40] })]);
    const { runs } = await ingestFiles(t.store, files, { rootName: "job" });
    const id = runs[0]!.id;
    const current = (await t.store.listRuns())[0]!.summary!;
    expect(current).toMatchObject({
      scoring: SCORING_VERSION,
      headline: { metric: "completion" },
      coverage: { correctness: { tasks: 3, of: 85 }, completion: { tasks: 85, of: 85 } },
    });
    expect(await refreshStaleSummaries(t.store)).toBe(0);

    // What version 1 stored: the correctness headline from 3 of 85 tasks, no coverage, no version.
    const { scoring: _v, coverage: _c, ...rest } = current;
    const old: RunSummary = { ...rest, headline: { metric: "correctness", scheme: "task", value: 0.733 } };
    await t.db.run.update({ where: { id }, data: { summary: JSON.parse(JSON.stringify(old)) } });
    expect((await t.store.listRuns())[0]!.summary!.headline.metric).toBe("correctness");

    expect(await refreshStaleSummaries(t.store)).toBe(1);
    expect((await t.store.listRuns())[0]!.summary).toEqual(current);
  });
});
