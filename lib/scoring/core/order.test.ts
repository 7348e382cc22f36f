import { describe, expect, it } from "vitest";
import { byFigure, byKey } from "./order";

describe("order", () => {
  it("treats differences of rounding as ties and keeps real differences", () => {
    expect(1 / 3 - 1).not.toBe(0 - 2 / 3);
    expect(byFigure(1 / 3 - 1, 0 - 2 / 3)).toBe(0);
    expect(byFigure(-0.5, -0.4)).toBeLessThan(0);
    expect(byFigure(0.001, 0)).toBeGreaterThan(0);
  });

  it("breaks ties by key", () => {
    const rows = [
      { key: "incident/queue-backlog", d: 1 / 3 - 1 },
      { key: "incident/dns-flap", d: 0 - 2 / 3 },
      { key: "access/role-review", d: 2 / 3 - 1 },
    ];
    rows.sort((x, y) => byFigure(x.d, y.d) || byKey(x, y));
    expect(rows.map((r) => r.key)).toEqual(["incident/dns-flap", "incident/queue-backlog", "access/role-review"]);
  });
});
