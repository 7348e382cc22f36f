import { count, coverageText, fixed, pct, plural } from "@/lib/display/format";
import type { Report } from "@/lib/scoring/report/report-types";

// Three decimals always, so the terminal's columns line up.
const num = (v: number | null | undefined) => fixed(v, 3);
const KEY_WIDTH_MAX = 48;

/** A plain-text summary of a report for the terminal (the JSON is the contract; this is for people). */
export function formatReport(report: Report): string {
  const h = report.headline;
  const lines = [
    `${report.run.name} (${report.run.format}): ${plural(report.counts.tasks, "task")}, ${plural(report.counts.rollouts, "rollout")} (${count(report.counts.unscored)} unscored)`,
    `  headline ${h.metric} / ${h.scheme}: ${pct(h.value)}${h.ci95 ? ` [${pct(h.ci95[0])}, ${pct(h.ci95[1])}]` : ""}, ${coverageText(h.coverage)}`,
    ...(h.fallback ? [`  (${h.fallback})`] : []),
    `  pass rate ${pct(report.passRate.value)} (${report.passRate.passes}/${report.passRate.counted}), mean reward ${num(report.meanReward.value)}`,
  ];
  for (const [name, m] of Object.entries(report.metrics)) {
    const gate = m.gate
      ? `, gate ${m.gate.passed ? "passed" : `failed (${m.gate.violations} violation${m.gate.violations === 1 ? "" : "s"})`}`
      : "";
    lines.push(
      `  ${name.padEnd(12)} ${pct(m.value).padStart(7)}  pooled ${pct(m.pooled).padStart(7)}  ${coverageText(m.coverage)}${gate}`,
    );
  }
  lines.push("  tasks:");
  // As wide as the longest key (up to a limit), so the figures after it line up.
  const keyWidth = report.tasks.reduce((w, t) => Math.max(w, Math.min(KEY_WIDTH_MAX, t.key.length)), 0);
  for (const t of report.tasks) {
    lines.push(
      `    ${t.key.padEnd(keyWidth)}  ${String(t.passes).padStart(3)}/${t.scored}  mean ${num(t.meanReward)}  ${t.diagnosis}`,
    );
  }
  for (const w of report.warnings) lines.push(`  warning: ${w}`);
  return lines.join("\n");
}
