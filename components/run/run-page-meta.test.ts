import { describe, expect, it } from "vitest";
import { packRunPageMeta, rolloutHref, taskHref, unpackRunPageMeta, type RunPageMeta } from "./run-page-meta";

const meta: RunPageMeta = {
  id: "run1",
  name: "a run",
  agent: null,
  model: "m",
  format: "silo",
  createdAt: null,
  ingestedAt: "2026-01-01T00:00:00.000Z",
  baseline: false,
  labels: [],
  taskIds: Object.fromEntries([
    ["g/a", "ta"],
    ["constructor", "tc"],
    ["__proto__", "tp"],
    ["not-in-run", "tx"],
  ]),
  rolloutIds: { "a-1": "ra1", "a-2": "ra2", "c-1": "rc1" },
  regradeSummary: null,
  regradeReason: null,
  harborMean: null,
  harborMeanNote: null,
};

const run = {
  tasks: [{ key: "g/a" }, { key: "constructor" }, { key: "__proto__" }, { key: "no-row" }],
  rollouts: [{ id: "a-1" }, { id: "a-2" }, { id: "c-1" }, { id: "orphan" }],
};

describe("packRunPageMeta / unpackRunPageMeta", () => {
  it("sends row ids aligned with the run and gets the same maps back", () => {
    const wire = JSON.parse(JSON.stringify(packRunPageMeta(meta, run))) as ReturnType<typeof packRunPageMeta>;
    expect(wire.taskRows).toEqual(["ta", "tc", "tp", null]);
    expect(wire.rolloutRows).toEqual(["ra1", "ra2", "rc1", null]);
    expect(wire.otherTaskIds).toEqual({ "not-in-run": "tx" });
    expect(JSON.stringify(wire)).not.toContain('"g/a"');
    const back = unpackRunPageMeta(wire, run);
    expect(back).toEqual(meta);
    expect(Object.keys(back.taskIds).sort()).toEqual(Object.keys(meta.taskIds).sort());
    expect(taskHref(back, "__proto__")).toBe("/runs/run1/tasks/tp");
    expect(taskHref(back, "no-row")).toBeNull();
    expect(rolloutHref(back, "a-2")).toBe("/runs/run1/rollouts/ra2");
    expect(rolloutHref(back, "orphan")).toBeNull();
  });
});
