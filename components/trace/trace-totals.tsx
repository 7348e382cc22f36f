import { count, duration, usd } from "@/lib/display/format";
import type { TraceTotals } from "@/lib/traces";
import styles from "./trace.module.css";

const NOT_RECORDED = "not recorded";

function tokens(totals: TraceTotals): string {
  const { inputTokens, outputTokens } = totals;
  if (inputTokens === null && outputTokens === null) return NOT_RECORDED;
  return `${inputTokens === null ? "?" : count(inputTokens)} in · ${outputTokens === null ? "?" : count(outputTokens)} out`;
}

/** The trace's totals; a figure the trace does not record says so rather than showing 0. */
export function TraceTotalsView({ totals }: { totals: TraceTotals }) {
  const facts: [string, string, string][] = [
    ["Steps", count(totals.steps), "trace-total-steps"],
    ["Tool calls", count(totals.toolCalls), "trace-total-calls"],
    ["Tool errors", count(totals.toolErrors), "trace-total-errors"],
    ["Tokens", tokens(totals), "trace-total-tokens"],
    ["Cost", totals.costUsd === null ? NOT_RECORDED : usd(totals.costUsd), "trace-total-cost"],
    ["Wall time", totals.wallTimeMs === null ? NOT_RECORDED : duration(totals.wallTimeMs), "trace-total-wall"],
  ];
  return (
    <dl className={styles.totals}>
      {facts.map(([label, value, testId]) => (
        <div key={label} className={`${styles.total} ${testId === "trace-total-tokens" ? styles.totalWide : ""}`}>
          <dt>{label}</dt>
          <dd data-testid={testId} className={value === NOT_RECORDED ? "muted" : undefined}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
