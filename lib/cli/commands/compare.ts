import { compareBody } from "@/lib/api/compare-body";
import { compareRuns } from "@/lib/scoring/report/compare";
import { deltaPp, fixed, pct } from "@/lib/display/format";
import { parseCommand, UsageError } from "../args";
import { loadRunRef } from "../load-run-ref";

const HELP = `Usage: tally compare <A> <B> [--json] [--metric M] [--fail-on-regression]

Compares run B (candidate) with run A (baseline) on their common tasks: the headline and every dimension with
the paired difference (B − A), its standard error and 95% interval; pass<->fail flips with an exact McNemar
test; tasks in one run only are "not comparable". A and B are paths or stored run ids.
--metric sets the per-task value (default completion). --fail-on-regression exits 1 when a task flips
pass->fail or the headline interval lies entirely below 0: a gate for CI pipelines.`;

export const compareCommand = {
  async run(argv: string[]): Promise<number> {
    const parsed = parseCommand(
      argv,
      { json: { type: "boolean" }, metric: { type: "string" }, "fail-on-regression": { type: "boolean" } },
      HELP,
    );
    if (!parsed) return 0;
    const { values, positionals } = parsed;
    if (positionals.length !== 2) throw new UsageError(`give exactly two runs, A and B\n\n${HELP}`);
    const [a, b] = await Promise.all(positionals.map(loadRunRef));
    const comparison = compareRuns(a!.run, b!.run, { metric: values.metric as string | undefined });
    const body = compareBody(comparison, a!.ref, b!.ref);
    if (values.json) console.log(JSON.stringify(body, null, 2));
    else {
      const h = body.headline;
      console.log(
        `${body.b.name} vs ${body.a.name} (baseline): ${body.common} common tasks, ${body.onlyA} only in A, ${body.onlyB} only in B`,
      );
      console.log(
        `  ${h.metric} (${h.scheme}): ${pct(h.a)} → ${pct(h.b)}  ${deltaPp(h.delta)}  95% CI ${h.ci95 ? `${deltaPp(h.ci95[0])} to ${deltaPp(h.ci95[1])}` : "—"}`,
      );
      console.log(
        `  flips: ${body.flips.passToFail} pass->fail, ${body.flips.failToPass} fail->pass (McNemar p = ${fixed(body.flips.pValue, 3)})`,
      );
      for (const t of body.tasks.filter((t) => t.flip)) console.log(`    ${t.flip}  ${t.key}`);
      console.log(body.regression ? "  regression: yes" : "  regression: no");
    }
    return values["fail-on-regression"] && body.regression ? 1 : 0;
  },
};
