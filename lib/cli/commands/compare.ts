import path from "node:path";
import { compareBody } from "@/lib/api/compare-body";
import { resolveComparison, unknownMetric } from "@/lib/compare/resolve";
import { passCostCoverage } from "@/lib/display/measures";
import { passCostSentence } from "@/lib/scoring/report/compare-effort";
import { deltaIntervalText, deltaText, metricText, pValueText } from "@/lib/display/format";
import { gateVerdict, gateWords, type GateRule } from "@/lib/display/gate-words";
import { metricKind } from "@/lib/scoring/core/dimensions";
import { deltaVerdict } from "@/lib/scoring/report/compare-verdict";
import { verdictWords } from "@/lib/display/compare-words";
import { mdeText, neededText, taskTestsText } from "@/lib/display/power-words";
import { zFdr } from "@/lib/compare/query";
import type { Interval } from "@/lib/scoring/core/stats";
import { parseCommand, UsageError } from "../args";
import { compareMarkdown } from "../compare-markdown";
import { loadRunRef, storedReviews } from "../load-run-ref";
import { scenarioOption } from "../scenario-option";

/** The scenario in words: "as recorded", or its description's entries joined. */
export function scenarioName(description: readonly string[]): string {
  return description.length === 0 ? "as recorded" : description.join("; ");
}

const HELP = `Usage: tally compare <A> <B> [--scenario FILE|NAME] [--json | --markdown [--base-url URL]] [--metric M]
                     [--fail-on-regression | --fail-on-flip] [--fdr Q]

Compares run B (candidate) with run A (baseline) on their common tasks: the headline and every dimension with
the paired difference (B − A), its standard error and 95% interval; pass<->fail flips with an exact McNemar
test; tasks in one run only are "not comparable". A and B are paths, stored run ids or the name of one stored run.
The headline is the runs' headline metric (correctness when they have checks, else completion).
--metric M also compares metric M (completion, correctness, authority, grounding, reward or a custom dimension
of either run): its paired difference is printed under the headline and it gives the per-task values of --json
(default completion). --fail-on-regression exits 1 when the headline interval lies entirely below 0, or when
more tasks flip pass->fail than fail->pass with an exact McNemar p < 0.05: a gate for CI pipelines that a
candidate far ahead passes despite a few flips. --fail-on-flip exits 1 on any pass->fail flip too (the strict
rule). A run compared with itself is "no difference" and exits 0.
--scenario FILE|NAME scores both runs under a what-if scenario (the JSON of docs/scoring.md#what-if-scenarios, or
the scenario saved under that name: as \`tally score --scenario\`; flips are matched by task and check key in each run), and the verdict and
the gate follow it. Every output says whether the conclusion survives: the headline difference
under each weighting scheme and unscored policy, in one line (the text, --markdown) and per choice
(--json: robustness).
--markdown prints the comparison as a pull-request comment (headline delta, verdict, flips, dimensions, top
regressions, scenario, robustness); --base-url URL links its tasks and the comparison to that Tally server
(runs given as stored run ids).
Every output states what the comparison can see: the minimum detectable effect of the headline at 80% power and
α = 0.05 from its paired SE and, when the verdict is unclear, the tasks (at today's rollouts per task) or
rollouts per task (on today's tasks) that would bring it down to the observed difference. Each common task is
tested on its own (Fisher exact on its passes) and called regressed or improved only after Benjamini–Hochberg
at a false discovery rate --fdr Q (default 0.05; above 0, at most 0.5); the uncorrected counts are given beside.`;

/** "  reward (task): 0.585 → 0.612  +0.027  95% CI −0.010 to +0.060: no clear difference (interval includes 0)" */
function pairedLine(
  p: {
    metric: string;
    a: number | null;
    b: number | null;
    delta: number | null;
    se: number | null;
    ci95: Interval | null;
  },
  scheme: string,
): string {
  const kind = metricKind(p.metric);
  const verdict = verdictWords(deltaVerdict(p), "B").text;
  return `  ${p.metric} (${scheme}): ${metricText(kind, p.a)} → ${metricText(kind, p.b)}  ${deltaText(kind, p.delta)}  95% CI ${deltaIntervalText(kind, p.ci95)}: ${verdict.charAt(0).toLowerCase()}${verdict.slice(1)}`;
}

export const compareCommand = {
  async run(argv: string[]): Promise<number> {
    const parsed = parseCommand(
      argv,
      {
        json: { type: "boolean" },
        metric: { type: "string" },
        scenario: { type: "string" },
        markdown: { type: "boolean" },
        "base-url": { type: "string" },
        "fail-on-regression": { type: "boolean" },
        "fail-on-flip": { type: "boolean" },
        fdr: { type: "string" },
      },
      HELP,
    );
    if (!parsed) return 0;
    const { values, positionals } = parsed;
    if (positionals.length !== 2) throw new UsageError(`give exactly two runs, A and B\n\n${HELP}`);
    if (values.json && values.markdown) throw new UsageError(`give --json or --markdown, not both\n\n${HELP}`);
    if (values["fail-on-regression"] && values["fail-on-flip"])
      throw new UsageError(`give --fail-on-regression or --fail-on-flip, not both\n\n${HELP}`);
    const rule: GateRule = values["fail-on-flip"] ? "strict" : "default";
    if (values["base-url"] !== undefined && !values.markdown) throw new UsageError("--base-url goes with --markdown");
    if (values["base-url"] !== undefined && !URL.canParse(values["base-url"]))
      throw new UsageError(`--base-url ${values["base-url"]}: not a URL`);
    const fdr = values.fdr === undefined ? undefined : zFdr.safeParse(values.fdr);
    if (fdr && !fdr.success)
      throw new UsageError(`--fdr ${values.fdr}: a false discovery rate above 0 and at most 0.5`);
    const [first] = positionals as [string, string];
    const chosen = values.scenario ? await scenarioOption(values.scenario) : null;
    const scenario = chosen?.scenario ?? {};
    const loaded = new Map<string, Awaited<ReturnType<typeof loadRunRef>>>();
    const find = async (ref: string) => {
      if (!loaded.has(ref)) loaded.set(ref, await loadRunRef(ref));
      const found = loaded.get(ref);
      // A is the first operand, whichever run is marked as baseline.
      return found ? { ...found, baseline: false } : null;
    };
    const resolution = await resolveComparison(
      { runs: positionals, a: first, metric: values.metric, scenario, fdr: fdr?.data },
      {
        find,
        load: async (ref) => (await find(ref))?.run ?? null,
        reviews: async (ref) => storedReviews((await find(ref))?.ref.id),
      },
    );
    if (resolution.kind === "unknown")
      throw new UsageError(
        resolution.unknown.map((ref) => `"${ref}" is neither a path nor a stored run's id or name`).join("\n"),
      );
    if (resolution.kind === "too-few") throw new UsageError(`give two runs, A and B\n\n${HELP}`);
    const { a, candidates } = resolution;
    const b = candidates[0]!;
    const metric = values.metric;
    const badMetric = unknownMetric(b.comparison, metric);
    if (badMetric !== null) throw new UsageError(badMetric);
    const body = compareBody({ a: { ...a, ref: a.found.ref }, b: { ...b, ref: b.found.ref } }, scenario);
    if (values.json) console.log(JSON.stringify(body, null, 2));
    else if (values.markdown)
      process.stdout.write(
        compareMarkdown(body, {
          baseUrl: values["base-url"],
          scenarioName: chosen && values.scenario ? (chosen.name ?? path.basename(values.scenario)) : undefined,
          gate: rule,
        }),
      );
    else {
      const h = body.headline;
      console.log(
        `${body.b.name} vs ${body.a.name} (baseline): ${body.common} common tasks, ${body.onlyA} only in A, ${body.onlyB} only in B`,
      );
      console.log(`  scenario: ${scenarioName(body.scenarioDescription)}`);
      console.log(pairedLine(h, h.scheme));
      const chosen = metric === undefined || metric === h.metric ? undefined : body.metrics[metric];
      if (chosen) console.log(pairedLine(chosen, h.scheme));
      const kind = metricKind(h.metric);
      const see = mdeText(kind, body.power, h.se);
      if (see) console.log(`  ${see}`);
      const needed = neededText(kind, body.power, h, deltaVerdict(h));
      if (needed) console.log(`  ${needed}`);
      console.log(`  tasks: ${taskTestsText(body.taskTests)}`);
      console.log(
        `  flips: ${body.flips.passToFail} pass->fail, ${body.flips.failToPass} fail->pass (McNemar ${pValueText(body.flips.pValue)})`,
      );
      for (const t of body.tasks.filter((t) => t.flip)) console.log(`    ${t.flip}  ${t.key}`);
      const passCost = passCostSentence(body.effort.passCost);
      const costCoverage = passCostCoverage(body.effort.passCost);
      if (passCost) console.log(`  ${passCost}${costCoverage ? `; ${costCoverage}` : ""}`);
      console.log(`  robustness: ${body.robustness.summary}`);
      console.log(`  ${gateWords(body.gate, body.flips, rule)}`);
    }
    const gated = values["fail-on-regression"] || values["fail-on-flip"];
    return gated && gateVerdict(body.gate, body.flips, rule).fails ? 1 : 0;
  },
};
