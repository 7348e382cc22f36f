import { measureRecomputeInBrowser } from "@/lib/bench/measure-recompute";
import { parseCommand } from "../args";

const HELP = `Usage: tally bench [--json]

Generates a synthetic run of 2,000 tasks × 5 rollouts × 12 checks and measures the what-if recompute
(computeReport under a scenario) inside headless Chromium. Prints the figures as JSON. Goal: under 50 ms.`;

export const benchCommand = {
  async run(argv: string[]): Promise<number> {
    if (!parseCommand(argv, { json: { type: "boolean" } }, HELP)) return 0;
    const recompute = await measureRecomputeInBrowser();
    const report = { recompute: { ...recompute, goalMs: 50, withinGoal: recompute.recomputeMs.median < 50 } };
    console.log(JSON.stringify(report, null, 2));
    return 0;
  },
};
