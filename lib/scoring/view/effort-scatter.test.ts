import { describe, expect, it } from "vitest";
import { measureRow } from "../report/effort";
import type { Measures } from "../core/measures";
import { rowTable } from "../report/rollout-table";
import {
  effortScatter,
  SCATTER_ROLLOUT_LIMIT,
  scatterLayoutOf,
  scatterOf,
  scatterMeasures,
  scatterXDomain,
  scatterYDomain,
} from "./effort-scatter";

function row(id: string, task: string, passed: boolean, reward: number | null, measures: Measures, scored = true) {
  return { id, task, status: scored ? "scored" : "unscored", passed, reward, measures: measureRow(measures) } as const;
}

describe("effortScatter", () => {
  const rows = [
    row("a1", "A", true, 1, { costUsd: 0.1, toolCalls: 3 }),
    row("a2", "A", false, 0.5, { costUsd: 0.3, toolCalls: 4 }),
    row("b1", "B", false, 0, { toolCalls: 9 }),
    row("b2", "B", false, null, { costUsd: 2, toolCalls: 1 }, false),
  ];

  it("offers the measures some rollout records, scored or not, cost first", () => {
    expect(scatterMeasures(rows)).toEqual(["costUsd", "toolCalls"]);
    expect(scatterMeasures([row("x", "X", false, null, { tokens: 9 }, false)])).toEqual(["tokens"]);
  });

  it("one point per scored rollout that records the measure, reward on y; the unscored on a row of their own", () => {
    expect(effortScatter(rows, "costUsd")).toEqual({
      measure: "costUsd",
      y: "reward",
      per: "rollout",
      unrecorded: 1, // b1 records no cost
      points: [
        { id: "a1", task: "A", x: 0.1, y: 1, passed: true, rollouts: 1 },
        { id: "a2", task: "A", x: 0.3, y: 0.5, passed: false, rollouts: 1 },
      ],
      // b2 is unscored and spent the most: no reward to plot, still drawn.
      unscored: [{ id: "b2", task: "B", x: 2, rollouts: 1 }],
    });
    expect(scatterXDomain(effortScatter(rows, "costUsd")!)).toEqual([0, 2]);
  });

  it("pass (1 / 0) on y when a plotted rollout has no reward", () => {
    const s = effortScatter([...rows, row("c1", "C", true, null, { toolCalls: 2 })], "toolCalls")!;
    expect(s.y).toBe("pass");
    expect(s.points.map((p) => [p.id, p.x, p.y])).toEqual([
      ["a1", 3, 1],
      ["a2", 4, 0],
      ["b1", 9, 0],
      ["c1", 2, 1],
    ]);
  });

  it("null when no rollout records the measure", () => {
    expect(effortScatter(rows, "durationMs")).toBeNull();
  });

  it("per task (means) above the rollout limit", () => {
    const many = Array.from({ length: SCATTER_ROLLOUT_LIMIT + 2 }, (_, i) =>
      row(`r${i}`, i % 2 === 0 ? "even" : "odd", i % 2 === 0, i % 2 === 0 ? 1 : 0.5, {
        toolCalls: i % 2 === 0 ? 2 : 6,
      }),
    );
    const crashes = [
      row("c1", "odd", false, null, { toolCalls: 10 }, false),
      row("c2", "odd", false, null, { toolCalls: 30 }, false),
    ];
    const s = effortScatter([...many, ...crashes], "toolCalls")!;
    expect(s.per).toBe("task");
    expect(s.points).toEqual([
      { id: "even", task: "even", x: 2, y: 1, passed: true, rollouts: 1001 },
      { id: "odd", task: "odd", x: 6, y: 0.5, passed: false, rollouts: 1001 },
    ]);
    expect(s.unscored).toEqual([{ id: "odd", task: "odd", x: 20, rollouts: 2 }]);
  });

  it("drawn from a layout made under other verdicts and rewards, per task and per rollout", () => {
    for (const length of [SCATTER_ROLLOUT_LIMIT + 2, 6]) {
      const under = (flipped: boolean) =>
        Array.from({ length }, (_, i) =>
          row(`r${i}`, `t${i % 3}`, (i % 2 === 0) !== flipped, flipped ? (i % 5) / 4 : i % 2, { toolCalls: i % 7 }),
        );
      const layout = scatterLayoutOf(rowTable(under(false)), "toolCalls")!;
      const flipped = under(true);
      expect(layout.per.kind).toBe(length > SCATTER_ROLLOUT_LIMIT ? "task" : "rollout");
      expect(scatterOf(rowTable(flipped), layout)).toStrictEqual(effortScatter(flipped, "toolCalls"));
      expect(scatterOf(rowTable(flipped), layout)).not.toStrictEqual(effortScatter(under(false), "toolCalls"));
    }
  });
});

describe("scatterYDomain", () => {
  const at = (...ys: number[]) => ({
    points: ys.map((y) => ({ id: "r", task: "t", x: 1, y, passed: y >= 1, rollouts: 1 })),
  });

  it("is 0 to 1 for one point or rewards inside it", () => {
    expect(scatterYDomain(at(1))).toEqual([0, 1]);
    expect(scatterYDomain(at(0.5, 0.75))).toEqual([0, 1]);
  });

  it("widens to a reward outside 0 to 1", () => {
    expect(scatterYDomain(at(-1, 0.5))).toEqual([-1, 1]);
    expect(scatterYDomain(at(1.5))).toEqual([0, 1.5]);
  });
});

describe("scatterXDomain", () => {
  it("runs from 0 to the largest value plotted", () => {
    const points = [0.4, 2.5, 1].map((x) => ({ id: "r", task: "t", x, y: 1, passed: true, rollouts: 1 }));
    expect(scatterXDomain({ points })).toEqual([0, 2.5]);
    expect(scatterXDomain({ points: [] })).toEqual([0, 0]);
  });
});
