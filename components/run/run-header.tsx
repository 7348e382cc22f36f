import { apiUrls } from "@/lib/api/client-routes";
import Link from "@/components/ui/link";
import { BaselineToggle } from "@/components/compare/baseline-toggle";
import { dateTime, plural } from "@/lib/display/format";
import type { Report } from "@/lib/scoring/report/report-types";
import styles from "./run-header.module.css";
import { rolloutHref, rolloutsHref, runSearchHref } from "@/lib/views/hrefs";
import type { RunPageMeta } from "@/lib/views/run-page-meta";
import { RunManage } from "./run-manage";
import { WARNING_LIMIT, type RunWarning } from "@/lib/scoring/view/run-warnings";

export type { RunWarning };
import { LiveBadge } from "@/components/live/live-badge";
import { useStaticSite } from "@/components/ui/static-site";

export function RunHeader({
  meta,
  counts,
  warnings,
  warningsTotal = warnings.length,
  reportHref,
}: {
  meta: RunPageMeta;
  counts: Report["counts"];
  warnings: RunWarning[];
  /** How many warnings there are when `warnings` holds only the first WARNING_LIMIT. */
  warningsTotal?: number;
  reportHref: string;
}) {
  const staticSite = useStaticSite();
  const facts: { label: string; value: string }[] = [];
  if (meta.agent) facts.push({ label: "agent", value: meta.agent });
  if (meta.model) facts.push({ label: "model", value: meta.model });
  facts.push({ label: "format", value: meta.format });
  facts.push(
    meta.createdAt
      ? { label: "run", value: dateTime(meta.createdAt) }
      : { label: "ingested", value: dateTime(meta.ingestedAt) },
  );
  return (
    <header className={styles.header}>
      <nav className="breadcrumbs" aria-label="Breadcrumbs">
        <Link href="/">Runs</Link> / <span>{meta.name}</span>
      </nav>
      <div className={styles.titleRow}>
        <div className={styles.titleBlock}>
          <h1 className={styles.title}>
            {meta.name}
            {meta.live ? <LiveBadge /> : null}
            {meta.baseline ? <span className="badge badge-accent">baseline</span> : null}
            {meta.tags.map((tag) => (
              <span key={tag} className="badge" data-testid="run-tag">
                {tag}
              </span>
            ))}
          </h1>
          <p className={styles.facts}>
            {facts.map((f) => (
              <span key={f.label} className={styles.fact}>
                <span className={styles.factLabel}>{f.label}</span> {f.value}
              </span>
            ))}
            <span className={styles.fact}>
              {plural(counts.tasks, "task")},{" "}
              <Link href={rolloutsHref(meta.id)} data-testid="rollouts-link">
                {plural(counts.rollouts, "rollout")}
              </Link>{" "}
              {counts.unscored > 0 ? (
                <span className={styles.unscored}>({counts.unscored} unscored)</span>
              ) : (
                <span className="muted">(all scored)</span>
              )}
            </span>
          </p>
        </div>
        {staticSite ? null : (
          <div className={styles.actions}>
            {meta.baselineRun ? (
              <Link
                className="button"
                href={`/compare?runs=${encodeURIComponent(meta.baselineRun.id)},${encodeURIComponent(meta.id)}&a=${encodeURIComponent(meta.baselineRun.id)}`}
                title={`Compare this run (B) with the baseline run ${meta.baselineRun.name} (A)`}
                data-testid="compare-with-baseline"
              >
                Compare with baseline
              </Link>
            ) : null}
            <Link className="button" href={runSearchHref(meta.id)} data-testid="search-traces-link">
              Search traces
            </Link>
            <BaselineToggle runId={meta.id} runName={meta.name} baseline={meta.baseline} />
            <a className="button" href={apiUrls.runCsv(meta.id)} download>
              <span aria-hidden>↓</span> Rollouts CSV
            </a>
            <a className="button" href={reportHref} download={`tally-report-${meta.id}.json`}>
              <span aria-hidden>↓</span> Report JSON
            </a>
            <a
              className="button"
              href={apiUrls.runZip(meta.id)}
              download
              data-testid="download-static-site"
              title="A self-contained copy of this run's pages, what-if included, that opens without Tally"
            >
              <span aria-hidden>↓</span> Download as static site
            </a>
            <RunManage runId={meta.id} name={meta.name} tags={meta.tags} />
          </div>
        )}
      </div>
      {warningsTotal > 0 ? (
        <details className={`callout ${styles.warnings}`}>
          <summary>
            <strong>{plural(warningsTotal, "warning")}</strong> about this run’s data
          </summary>
          <ul>
            {warnings.slice(0, WARNING_LIMIT).map((w, i) => {
              return (
                <li key={i}>
                  {w.rollout !== undefined ? (
                    <>
                      <Link href={rolloutHref(meta.id, w.rollout)}>{w.rollout}</Link>:{" "}
                    </>
                  ) : null}
                  {w.text}
                </li>
              );
            })}
            {warningsTotal > WARNING_LIMIT ? (
              <li>
                and {warningsTotal - WARNING_LIMIT} more
                {staticSite ? null : (
                  <>
                    {" "}
                    (see <a href={reportHref}>the report JSON</a>)
                  </>
                )}
              </li>
            ) : null}
          </ul>
        </details>
      ) : null}
    </header>
  );
}
