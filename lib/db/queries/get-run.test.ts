import { beforeEach, expect, it } from "vitest";
import { forEachDatabase } from "../test-databases";
import { rolloutRowId, taskRowId } from "../ids";
import { getRunMeta } from "./get-run";
import { loadFixture } from "@/lib/formats/__fixtures__/load-fixture";
import { ingestFiles } from "@/lib/ingest/ingest-files";

forEachDatabase("getRunMeta", (t) => {
  beforeEach(() => t.reset());

  it("maps every task key and rollout id of the run to its row id (the links of the run page)", async () => {
    const { runs } = await ingestFiles(t.db, loadFixture("silo-runs"), { rootName: "silo-runs" });
    const id = runs[0]!.id;
    const meta = await getRunMeta(t.db, id);
    expect(meta).toMatchObject({ id, name: "silo-runs", format: "silo", baseline: false });
    expect(Object.keys(meta!.taskIds)).toHaveLength(4);
    expect(Object.keys(meta!.rolloutIds)).toHaveLength(8);
    for (const [key, row] of Object.entries(meta!.taskIds)) expect(row).toBe(taskRowId(id, key));
    for (const [rollout, row] of Object.entries(meta!.rolloutIds)) expect(row).toBe(rolloutRowId(id, rollout));
    expect(await getRunMeta(t.db, "nope")).toBeNull();
  });
});
