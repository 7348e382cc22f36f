import { describe, expect, it } from "vitest";
import type { TaskReport } from "../report/report-types";
import { taskRowFacts } from "../report/task-facts";
import { packWeightTasks, unpackWeightTasks } from "./weight-tasks";

describe("packWeightTasks", () => {
  it("keeps only the declared weights that differ, and unpacks to the tasks and declared weights given", () => {
    const tasks = [
      { key: "g/a", name: null, weight: 1 },
      { key: "g/b", name: "Bee", weight: 0 },
      { key: "g/c", name: null, weight: 2 },
    ];
    const packed = packWeightTasks(
      taskRowFacts(() => tasks as TaskReport[]),
      [1, 3, 2],
    );
    expect(packed).toEqual({
      keys: ["g/a", "g/b", "g/c"],
      names: [null, "Bee", null],
      weights: [1, 0, 2],
      declared: [[1, 3]],
    });
    const { tasks: back, declared } = unpackWeightTasks(JSON.parse(JSON.stringify(packed)) as typeof packed);
    expect(back).toEqual(tasks);
    expect([...declared]).toEqual([
      ["g/a", 1],
      ["g/b", 3],
      ["g/c", 2],
    ]);
  });

  it("sends no names when no task has one, and reads a repeated key as the Map of the pairs would", () => {
    const tasks = [
      { key: "k", name: null, weight: 1 },
      { key: "k", name: null, weight: 1 },
    ];
    const packed = packWeightTasks(
      taskRowFacts(() => tasks as TaskReport[]),
      [5, 1],
    );
    expect(packed.names).toBeNull();
    expect(unpackWeightTasks(packed).declared).toEqual(
      new Map([
        ["k", 5],
        ["k", 1],
      ]),
    );
  });
});
