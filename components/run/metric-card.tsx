import Link from "@/components/ui/link";
import { count, coverageText, intervalText, isPartial, metricText, metricTitle, plural } from "@/lib/display/format";
import { metricColour } from "./metric-colour";
import type { CheckTally } from "@/lib/scoring/report/check-tallies";
import type { AuthorityGate, MetricReport } from "@/lib/scoring/report/report-types";
import { SCHEME_WORDS } from "@/lib/scoring/core/schemes";
import styles from "./metric-card.module.css";
import { ValueTrack } from "./value-track";

const POOLED_WORDS = {
  dimension: "each check one vote",
  completion: "each rollout one vote",
  reward: "each graded check one vote",
} as const;

/** One dimension (or completion, reward, a custom dimension): value under the active scheme, coverage, counts. */
export function MetricCard({
  metric,
  tally,
  taskHref,
  highlighted = false,
}: {
  metric: MetricReport;
  tally: CheckTally | undefined;
  taskHref: (taskKey: string) => string | null;
  /** The headline's metric. */
  highlighted?: boolean;
}) {
  const { kind } = metric;
  const colour = metricColour(metric.metric);
  const range: [number, number] | undefined =
    kind === "reward" && metric.value !== null && metric.value > 1 ? [0, metric.value] : undefined;
  const showPooled = metric.scheme !== "check";
  const head = (
    <div className={styles.head}>
      <span className={styles.dot} style={{ background: colour }} aria-hidden />
      <span className="card-title">{metricTitle(metric.metric)}</span>
      {highlighted ? <span className={`badge badge-accent ${styles.headlineBadge}`}>headline</span> : null}
    </div>
  );
  if (metric.eligibleTasks === 0) {
    return (
      <section
        className={`card ${styles.card} ${styles.empty}`}
        data-testid={`metric-${metric.metric}`}
        aria-label={metricTitle(metric.metric)}
      >
        {head}
        <div className={styles.valueRow}>
          <span className={`${styles.value} muted`}>—</span>
        </div>
        <p className={styles.line}>
          {kind === "dimension" ? `No graded ${metric.metric} check in this run.` : "No scored rollout in this run."}
        </p>
        <p className={styles.sub}>{coverageText(metric.coverage)}</p>
      </section>
    );
  }
  return (
    <section
      className={`card ${styles.card} ${highlighted ? styles.highlighted : ""}`}
      data-testid={`metric-${metric.metric}`}
      aria-label={metricTitle(metric.metric)}
    >
      {head}
      <div className={styles.valueRow}>
        <span className={styles.value}>{metricText(kind, metric.value)}</span>
        {showPooled ? (
          <span className={styles.pooled} title={`Pooled: ${POOLED_WORDS[kind]}`}>
            pooled {metricText(kind, metric.pooled)}
          </span>
        ) : null}
      </div>
      <ValueTrack value={metric.value} marker={showPooled ? metric.pooled : null} colour={colour} range={range} />
      <p className={styles.sub}>{SCHEME_WORDS[metric.scheme]}</p>
      <p className={`${styles.line} ${isPartial(metric.coverage) ? styles.partial : ""}`} data-testid="metric-coverage">
        {isPartial(metric.coverage) ? (
          <>
            <strong>{count(metric.coverage.tasks)}</strong> of {plural(metric.coverage.of, "task")}
          </>
        ) : (
          plural(metric.coverage.of, "task")
        )}
      </p>
      <Counts metric={metric} tally={tally} />
      {metric.ci95 ? <p className={styles.sub}>95% CI {intervalText(kind, metric.ci95)}</p> : null}
      {metric.gate ? <Gate gate={metric.gate} taskHref={taskHref} /> : null}
    </section>
  );
}

function Counts({ metric, tally }: { metric: MetricReport; tally: CheckTally | undefined }) {
  if (metric.kind === "completion" && metric.completeTasks !== undefined) {
    return (
      <p className={styles.line}>
        <strong>
          {count(metric.completeTasks ?? 0)} of {count(metric.eligibleTasks)}
        </strong>{" "}
        {metric.eligibleTasks === 1 ? "task" : "tasks"} complete (every rollout passes);{" "}
        <span className="muted">the value is the mean of each task’s pass rate</span>
      </p>
    );
  }
  if (metric.kind === "dimension" && tally && tally.graded > 0) {
    return (
      <p className={styles.line}>
        <strong>
          {count(tally.passed)} of {count(tally.graded)}
        </strong>{" "}
        {tally.graded === 1 ? "check" : "checks"} passed
      </p>
    );
  }
  if (metric.kind === "reward") {
    return (
      <p className={styles.line}>
        mean of each task’s mean reward{" "}
        <span className="muted">(each task one vote; Mean reward gives each rollout one)</span>
      </p>
    );
  }
  return null;
}

/**
 * The zero-violation release gate over every authority check of the run: the violations the page report lists
 * (its first GATE_VIOLATIONS_LISTED, pageReportOf), then how many more there are.
 */
function Gate({ gate, taskHref }: { gate: AuthorityGate; taskHref: (taskKey: string) => string | null }) {
  if (gate.passed) {
    return (
      <p className={`${styles.gate} ${styles.gatePassed}`}>
        <strong>Gate passed</strong>{" "}
        {gate.checks === 0 ? "(no authority checks in this run)" : `(${plural(gate.checks, "authority check")})`}
      </p>
    );
  }
  const { list } = gate;
  return (
    <div className={`${styles.gate} ${styles.gateFailed}`}>
      <strong>Gate failed</strong> — {plural(gate.violations, "violation")}
      {list.length === 1 && list[0] ? (
        <>
          : <Violation v={list[0]} taskHref={taskHref} />
        </>
      ) : (
        <ul>
          {list.map((v, i) => (
            <li key={i}>
              <Violation v={v} taskHref={taskHref} />
            </li>
          ))}
          {gate.violations > list.length ? (
            <li className="muted">and {count(gate.violations - list.length)} more</li>
          ) : null}
        </ul>
      )}
    </div>
  );
}

function Violation({
  v,
  taskHref,
}: {
  v: AuthorityGate["list"][number];
  taskHref: (taskKey: string) => string | null;
}) {
  const href = taskHref(v.task);
  return (
    <span>
      {href ? <Link href={href}>{v.task}</Link> : v.task}, {v.label}
    </span>
  );
}
