import { beforeEach, expect, it } from "vitest";
import { forEachDatabase } from "../test-databases";
import { rolloutRowId, taskRowId } from "../ids";
import { getRolloutById, getTaskByKey, rolloutIdOfRowId, taskKeyOfRowId } from "./get-rollouts";
import { getRunMeta } from "./get-run";
import { loadFixture } from "@/lib/formats/__fixtures__/load-fixture";
import { ingestFiles } from "@/lib/ingest/ingest-files";

forEachDatabase("task and rollout look-ups", (t) => {
  beforeEach(() => t.reset());

  it("finds a task and a rollout by the keys the files use, within their run only", async () => {
    const { runs } = await ingestFiles(t.db, loadFixture("silo-runs"), { rootName: "silo-runs" });
    const id = runs[0]!.id;
    expect(await getRunMeta(t.db, id)).toMatchObject({ id, name: "silo-runs", format: "silo", baseline: false });
    expect(await getRunMeta(t.db, "nope")).toBeNull();

    const task = await getTaskByKey(t.db, id, "finance/TASK-007");
    expect(task?.task).toMatchObject({ key: "finance/TASK-007", taskId: "TASK-007" });
    expect(task?.rollouts.map((r) => r.id)).toEqual([
      "run_20261104100000_9c43",
      "run_20261104100100_9c44",
      "run_20261104100200_9c45",
      "run_20261104100300_9c46",
      "run_20261104100400_9c47",
    ]);
    expect(await getTaskByKey(t.db, id, "TASK-007")).toBeNull();
    expect(await getTaskByKey(t.db, "nope", "finance/TASK-007")).toBeNull();

    const rollout = await getRolloutById(t.db, id, "run_20261104100300_9c46");
    expect(rollout).toMatchObject({ id: "run_20261104100300_9c46", taskKey: "finance/TASK-007" });
    expect(rollout?.checks.length).toBeGreaterThan(0);
    expect(await getRolloutById(t.db, "nope", "run_20261104100300_9c46")).toBeNull();
  });

  it("translates the row ids of older links back to keys", async () => {
    const { runs } = await ingestFiles(t.db, loadFixture("silo-runs"), { rootName: "silo-runs" });
    const id = runs[0]!.id;
    expect(await taskKeyOfRowId(t.db, id, taskRowId(id, "finance/TASK-007"))).toBe("finance/TASK-007");
    expect(await rolloutIdOfRowId(t.db, id, rolloutRowId(id, "run_20261104100300_9c46"))).toBe(
      "run_20261104100300_9c46",
    );
    expect(await taskKeyOfRowId(t.db, "other", taskRowId(id, "finance/TASK-007"))).toBeNull();
    expect(await rolloutIdOfRowId(t.db, id, "finance/TASK-007")).toBeNull();
  });
});
