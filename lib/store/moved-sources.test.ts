import { describe, expect, it } from "vitest";
import { isMovedFile, isMovedSource } from "./moved-sources";

describe("moved sources", () => {
  it("matches a path with leading folders removed or added, at a folder boundary only", () => {
    expect(isMovedFile("results/grade/audit.json", "grade/audit.json")).toBe(true);
    expect(isMovedFile("audit.json", "results/grade/audit.json")).toBe(true);
    expect(isMovedFile("grade/audit.json", "grade/audit.json")).toBe(false);
    expect(isMovedFile("a/grade/audit.json", "b/grade/audit.json")).toBe(false);
    expect(isMovedFile("xgrade/audit.json", "grade/audit.json")).toBe(false);
  });

  it("keeps rollouts of one file apart by their fragment", () => {
    expect(isMovedSource("run/log.eval#s1_epoch_1", "log.eval#s1_epoch_1")).toBe(true);
    expect(isMovedSource("run/log.eval#s1_epoch_1", "log.eval#s1_epoch_2")).toBe(false);
    expect(isMovedSource("run/log.eval#s1_epoch_1", "log.eval")).toBe(false);
  });
});
