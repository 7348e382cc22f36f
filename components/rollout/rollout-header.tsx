import Link from "@/components/ui/link";
import { count, dateTime, duration, fixed } from "@/lib/display/format";
import type { RolloutHead } from "@/lib/views/records";
import type { RolloutReport } from "@/lib/scoring/report/report-types";
import type { CheckStatus } from "@/lib/scoring/core/types";
import styles from "./rollout-page.module.css";
import { unscoredReason } from "./unscored-reason";

function Fact({ label, children, span = 1 }: { label: string; children: React.ReactNode; span?: 1 | 2 | "all" }) {
  const spanClass = span === "all" ? styles.factWide : span === 2 ? styles.factSpan2 : "";
  return (
    <div className={`${styles.fact} ${spanClass}`}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function RolloutVerdictBadge({ verdict }: { verdict: RolloutReport }) {
  if (verdict.status === "unscored")
    return (
      <span className={`badge badge-warn ${styles.bigBadge}`} data-testid="rollout-verdict">
        unscored
      </span>
    );
  return (
    <span
      className={`badge ${verdict.passed ? "badge-pass" : "badge-fail"} ${styles.bigBadge}`}
      data-testid="rollout-verdict"
    >
      {verdict.passed ? "✓ passed" : "✗ failed"}
    </span>
  );
}

const reported = (passed: boolean | null) => (passed === null ? "—" : passed ? "passed" : "failed");

/** Breadcrumbs, verdict and the facts of one rollout (status and why, termination, tools, timings, source). */
export function RolloutHeader({
  rollout,
  checks,
  verdict,
  runName,
  runHref,
  taskHref,
}: {
  rollout: RolloutHead;
  /** The rollout's checks as scoring reads them (their statuses say why it may be unscored). */
  checks: readonly { status: CheckStatus }[];
  verdict: RolloutReport;
  runName: string;
  runHref: string;
  taskHref: string;
}) {
  const why = unscoredReason({ ...rollout, error: rollout.error?.head ?? null, checks });
  return (
    <header className={styles.header}>
      <nav className="breadcrumbs" aria-label="Breadcrumbs">
        <Link href="/">Runs</Link> / <Link href={runHref}>{runName}</Link> /{" "}
        <Link href={taskHref}>{rollout.taskKey}</Link> / <span>{rollout.id}</span>
      </nav>
      <div className={styles.titleRow}>
        <h1 className={styles.title}>
          <span className="muted">Rollout </span>
          <span className={styles.rolloutId}>{rollout.id}</span>
        </h1>
        <RolloutVerdictBadge verdict={verdict} />
        <span className={styles.reward}>
          <span className="muted">reward </span>
          <span data-testid="rollout-reward">{fixed(verdict.reward, 2)}</span>
        </span>
        {verdict.checksChanged ? <span className="badge badge-accent">changed by the what-if</span> : null}
      </div>
      <dl className={styles.facts}>
        <Fact label="Status" span={rollout.status === "scored" ? 1 : 2}>
          {rollout.status === "scored" ? "scored" : <span className={styles.warnText}>unscored — {why}</span>}
        </Fact>
        <Fact label="Termination">{rollout.terminationReason ?? "—"}</Fact>
        <Fact label="Tool calls">
          <span className="num">{rollout.toolCalls === null ? "—" : count(rollout.toolCalls)}</span>
        </Fact>
        <Fact label="Tool errors">
          <span className={`num ${rollout.toolErrors ? styles.warnText : ""}`}>
            {rollout.toolErrors === null ? "—" : count(rollout.toolErrors)}
          </span>
        </Fact>
        <Fact label="Duration">{duration(rollout.durationMs)}</Fact>
        {rollout.startedAt || rollout.finishedAt ? (
          <Fact label="Started → finished" span={2}>
            {dateTime(rollout.startedAt)} → {dateTime(rollout.finishedAt)}
          </Fact>
        ) : null}
        {rollout.costUsd !== null ? <Fact label="Cost">${fixed(rollout.costUsd, 4)}</Fact> : null}
        {rollout.tokens !== null ? <Fact label="Tokens">{count(rollout.tokens)}</Fact> : null}
        <Fact label="Reported by the file">
          {rollout.reportedPassed === null && rollout.reportedReward === null ? (
            <span className="muted">no verdict or reward</span>
          ) : (
            <>
              {reported(rollout.reportedPassed)} · reward {fixed(rollout.reportedReward, 2)}
            </>
          )}
        </Fact>
        {rollout.errorCategory !== null ? <Fact label="Error category">{rollout.errorCategory}</Fact> : null}
        <Fact label="Source" span="all">
          <span className={styles.sourcePath}>{rollout.sourcePath}</span>{" "}
          <span className="badge">{rollout.sourceFormat}</span>
        </Fact>
      </dl>
    </header>
  );
}
