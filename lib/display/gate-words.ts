import type { RegressionGate } from "@/lib/scoring/report/regression-gate";
import { plural, pValueText } from "./format";

interface Flips {
  passToFail: number;
  failToPass: number;
  pValue: number;
}

/** Which gate a caller applies: the default one, or `--fail-on-flip`'s strict one. */
export type GateRule = "default" | "strict";

const flipsText = (f: Flips) =>
  `${plural(f.passToFail, "task")} flipped pass → fail against ${f.failToPass} fail → pass (exact McNemar ${pValueText(f.pValue)})`;

/**
 * Whether the gate fails under a rule and why, or why not although some task flipped pass → fail: the compare
 * page, the markdown comment and the CLI share it, so none says "regression" beside "is better" unexplained.
 */
export function gateVerdict(gate: RegressionGate, flips: Flips, rule: GateRule = "default"): GateVerdict {
  const why: string[] = [];
  if (gate.intervalBelow) why.push("the headline interval lies entirely below 0");
  if (rule === "strict" ? flips.passToFail > 0 : gate.flipsAgainst) why.push(flipsText(flips));
  if (why.length > 0) return { fails: true, reason: why.join("; ") };
  if (flips.passToFail === 0)
    return { fails: false, reason: "the headline interval is not below 0 and no task flipped pass → fail" };
  return { fails: false, reason: `${flipsText(flips)}, and the headline interval is not below 0` };
}

export interface GateVerdict {
  fails: boolean;
  reason: string;
}

/** "regression: …" / "no regression: …", the CLI's line. */
export function gateWords(gate: RegressionGate, flips: Flips, rule: GateRule = "default"): string {
  const v = gateVerdict(gate, flips, rule);
  return `${v.fails ? "regression" : "no regression"}: ${v.reason}`;
}
