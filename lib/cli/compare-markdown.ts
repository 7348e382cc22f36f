import { byFigure, byKey } from "@/lib/scoring/core/order";
import type { CompareBody } from "@/lib/api/compare-body";
import { taskHref } from "@/lib/views/hrefs";
import {
  coverageText,
  deltaIntervalText,
  deltaText,
  metricText,
  metricTitle,
  plural,
  pValueText,
} from "@/lib/display/format";
import { gateVerdict, type GateRule } from "@/lib/display/gate-words";
import { metricKind } from "@/lib/scoring/core/dimensions";
import { SCHEME_WORDS } from "@/lib/scoring/core/schemes";
import { passCostCoverage } from "@/lib/display/measures";
import { passCostSentence } from "@/lib/scoring/report/compare-effort";
import { deltaVerdict, type DeltaVerdict } from "@/lib/scoring/report/compare-verdict";
import { verdictWords } from "@/lib/display/compare-words";
import { dimensionRows } from "@/lib/scoring/view/compare-table";
import { adjustedPText, mdeText, neededText, taskTestsText } from "@/lib/display/power-words";
import { markdownCode, markdownLink, markdownText, type MarkdownPlace } from "./markdown-text";

export interface MarkdownOptions {
  /** The Tally server the runs are stored on: task and compare links point there (stored runs only). */
  baseUrl?: string;
  /** What the scenario is called (its file name); absent with a scenario: "a what-if scenario". */
  scenarioName?: string;
  /** Top regressions listed (default 5) and flips listed per direction (default 10). */
  regressions?: number;
  flips?: number;
  /** The gate's rule the comment reports (default: the default gate; "strict" under --fail-on-flip). */
  gate?: GateRule;
}

/** The verdict as the page words it, with its mark: "▲ B is better (interval above 0)". */
const verdictText = (estimate: Parameters<typeof deltaVerdict>[0] | DeltaVerdict) => {
  const w = verdictWords(typeof estimate === "string" ? estimate : deltaVerdict(estimate), "B");
  return `${w.mark} ${w.text}`;
};

const POLICY_WORDS = { exclude: "unscored excluded", fail: "unscored as failure" } as const;

/** Links into a Tally server for stored runs (the pages' routes, task links as the app writes them; /compare?runs=). */
function links(body: CompareBody, baseUrl: string | undefined) {
  const base = baseUrl?.replace(/\/+$/, "");
  const a = body.a.id;
  const b = body.b.id;
  if (!base || a === null || b === null) return null;
  const segment = encodeURIComponent;
  const scenario =
    Object.keys(body.scenario).length > 0 ? `&scenario=${encodeURIComponent(JSON.stringify(body.scenario))}` : "";
  return {
    compare: `${base}/compare?runs=${segment(a)},${segment(b)}&a=${segment(a)}${scenario}`,
    task: (run: string, key: string) => `${base}${taskHref(run, key)}`,
    a,
    b,
  };
}

function scenarioLine(body: CompareBody, name: string | undefined): string {
  if (Object.keys(body.scenario).length === 0) return "**Scenario:** as recorded";
  const what = body.scenarioDescription.length > 0 ? `: ${body.scenarioDescription.join("; ")}` : "";
  return `**Scenario:** ${name ? markdownCode(name) : "a what-if scenario"}${markdownText(what)}`;
}

/**
 * `tally compare --markdown`: the comparison as a pull-request comment, B (candidate) against A (baseline):
 * the headline delta with its interval and verdict, whether it is a regression, the scenario, the robustness
 * line, the flips, every dimension and the tasks that lost the most. Plain figures only, no dates, so the
 * same runs always give the same text. Every string from a result file is written as text (markdown-text.ts):
 * the only links and HTML in the comment are Tally's own.
 */
export function compareMarkdown(body: CompareBody, options: MarkdownOptions = {}): string {
  const out: string[] = [];
  const h = body.headline;
  const kind = metricKind(h.metric);
  const to = links(body, options.baseUrl);
  const title = `${markdownText(body.b.name)} vs ${markdownText(body.a.name)} (baseline)`;
  out.push(`### Tally: ${to ? markdownLink(title, to.compare) : title}`, "");

  if (body.common === 0) {
    out.push(
      `**No task in common**: nothing to compare (${body.onlyA} only in A, ${body.onlyB} only in B). Tasks are aligned by key (group/task id).`,
    );
    return `${out.join("\n")}\n`;
  }

  const coverage =
    h.tasks === body.common
      ? plural(body.common, "common task")
      : `${h.tasks} eligible of ${plural(body.common, "common task")}`;
  out.push(
    `**${markdownText(metricTitle(h.metric))}** (${SCHEME_WORDS[h.scheme]}, ${coverage}): ${metricText(kind, h.a)} → ${metricText(kind, h.b)}, ` +
      `**${deltaText(kind, h.delta)}** (95% CI ${deltaIntervalText(kind, h.ci95)}): ${verdictText(h)}`,
    "",
  );
  const see = mdeText(kind, body.power, h.se);
  const needed = neededText(kind, body.power, h, deltaVerdict(h));
  if (see) out.push(`**What it can see:** ${see}.${needed ? ` ${needed}.` : ""}`, "");
  const rule = options.gate ?? "default";
  const gate = gateVerdict(body.gate, body.flips, rule);
  out.push(`**Regression:** ${gate.fails ? "yes" : "no"} (${gate.reason})`);
  out.push("", scenarioLine(body, options.scenarioName));
  out.push("", `**Robustness:** ${body.robustness.summary}`);
  const passCost = passCostSentence(body.effort.passCost);
  const costCoverage = passCostCoverage(body.effort.passCost);
  if (passCost) out.push("", `**Cost:** ${passCost}${costCoverage ? `; ${costCoverage}` : ""}`);

  out.push("", "#### Flips", "");
  out.push(
    `${body.flips.passToFail} pass → fail, ${body.flips.failToPass} fail → pass (exact McNemar ${pValueText(body.flips.pValue)}); ` +
      `${body.onlyA} only in A, ${body.onlyB} only in B (not comparable).`,
  );
  const perDirection = options.flips ?? 10;
  for (const [flip, words] of [
    ["pass->fail", "pass → fail"],
    ["fail->pass", "fail → pass"],
  ] as const) {
    const tasks = body.tasks.filter((t) => t.flip === flip);
    if (tasks.length === 0) continue;
    const shown = tasks.slice(0, perDirection).map((t) => taskLink(t.key, to, {}));
    const more = tasks.length > perDirection ? `, and ${tasks.length - perDirection} more` : "";
    out.push(`- ${words}: ${shown.join(", ")}${more}`);
  }

  out.push("", "#### Dimensions", "");
  out.push("| Metric | Tasks | A | B | B − A | 95% CI | Verdict |", "|---|---:|---:|---:|---:|---|---|");
  for (const row of dimensionRows([body])) {
    const p = row.pairs[0];
    if (!p || (p.a === null && p.b === null)) continue;
    const k = metricKind(row.metric);
    const metric = markdownText(row.metric, { cell: true });
    const name = row.metric === h.metric ? `**${metric}**` : metric;
    out.push(
      `| ${name} | ${coverageText({ tasks: p.tasks, of: body.common })} | ${metricText(k, p.a)} | ${metricText(k, p.b)} | ${deltaText(k, p.delta)} | ${deltaIntervalText(k, p.ci95)} | ${verdictText(p)} |`,
    );
  }

  const limit = options.regressions ?? 5;
  const worst = body.tasks
    .filter((t) => t.delta !== null && t.delta < 0)
    .sort((x, y) => byFigure(x.delta!, y.delta!) || byKey(x, y))
    .slice(0, limit);
  const tk = metricKind(body.taskMetric);
  out.push("", `#### Top regressions (${markdownText(body.taskMetric)} per task)`, "");
  out.push(taskTestsText(body.taskTests), "");
  if (worst.length === 0) out.push("No common task does worse in B.");
  else {
    out.push("| Task | A | B | B − A | Flip | Corrected p | Called |", "|---|---:|---:|---:|---|---:|---|");
    for (const t of worst) {
      const flip = t.flip === "pass->fail" ? "pass → fail" : t.flip === "fail->pass" ? "fail → pass" : "";
      const adjusted = adjustedPText(t.adjusted);
      out.push(
        `| ${taskLink(t.key, to, { cell: true })} | ${metricText(tk, t.a)} | ${metricText(tk, t.b)} | ${deltaText(tk, t.delta)} | ${flip} | ${adjusted} | ${t.called ?? ""} |`,
      );
    }
  }

  out.push("", "<details><summary>The headline under each scheme and unscored policy</summary>", "");
  out.push("| Scheme | Unscored | A | B | B − A | 95% CI | Verdict |", "|---|---|---:|---:|---:|---|---|");
  const r = body.robustness;
  const rk = metricKind(r.metric);
  for (const e of r.entries) {
    if (!r.unscoredMatters && e.unscored !== (body.scenario.unscored ?? "exclude")) continue;
    const scheme = e.active ? `**${e.scheme}** (headline)` : e.scheme;
    out.push(
      `| ${scheme} | ${POLICY_WORDS[e.unscored]} | ${metricText(rk, e.a)} | ${metricText(rk, e.b)} | ${deltaText(rk, e.delta)} | ${deltaIntervalText(rk, e.ci95)} | ${verdictText(e.verdict)} |`,
    );
  }
  out.push("", "</details>");
  return `${out.join("\n")}\n`;
}

/** A task key as code, linked to B's task page (and A's) when the runs are on a server. */
function taskLink(key: string, to: ReturnType<typeof links>, place: MarkdownPlace): string {
  const name = markdownCode(key, place);
  if (!to) return name;
  return `${markdownLink(name, to.task(to.b, key))} (${markdownLink("A", to.task(to.a, key))})`;
}
