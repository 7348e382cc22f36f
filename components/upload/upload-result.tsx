import Link from "@/components/ui/link";
import { count, plural } from "@/lib/display/format";
import type { TIngestBody } from "@/lib/api/schemas/runs";
import styles from "./upload.module.css";
import { runHref } from "@/lib/views/hrefs";

const LIST_LIMIT = 200;

function PathList({ paths, className }: { paths: readonly string[]; className?: string }) {
  return (
    <ul className={`${styles.pathList} ${className ?? ""}`}>
      {paths.slice(0, LIST_LIMIT).map((p) => (
        <li key={p}>
          <code>{p}</code>
        </li>
      ))}
      {paths.length > LIST_LIMIT ? <li className="muted">…and {count(paths.length - LIST_LIMIT)} more</li> : null}
    </ul>
  );
}

/** The per-file report of an upload: rejections first and in red, then the runs to open, then the rest. */
export function UploadResult({ body }: { body: TIngestBody }) {
  const { runs, warnings, accepted, rejected, duplicates, skipped } = body;
  const title =
    accepted.length > 0
      ? `Stored ${plural(accepted.length, "file")}${rejected.length > 0 ? `, ${count(rejected.length)} rejected` : ""}`
      : rejected.length > 0
        ? "Nothing was stored"
        : "Nothing new: every file was already stored";

  return (
    <section className={`card ${styles.result}`} aria-labelledby="upload-result-title" data-testid="upload-result">
      <h2 id="upload-result-title" tabIndex={-1}>
        {title}
      </h2>
      <div className={styles.tally}>
        <span className={accepted.length > 0 ? "badge badge-pass" : "badge"} data-testid="count-stored">
          {count(accepted.length)} stored
        </span>
        <span className={rejected.length > 0 ? "badge badge-fail" : "badge"} data-testid="count-rejected">
          {count(rejected.length)} rejected
        </span>
        {duplicates.length > 0 ? (
          <span className="badge" data-testid="count-duplicates">
            {count(duplicates.length)} already stored
          </span>
        ) : null}
        {skipped.length > 0 ? <span className="badge">{count(skipped.length)} ignored</span> : null}
      </div>

      {runs.length > 0 ? (
        <ul className={styles.runLinks}>
          {runs.map((run) => (
            <li key={run.id}>
              <Link href={runHref(run.id)} className={`button ${styles.runLink}`}>
                Open run {run.name} →
              </Link>
              <span className="muted">{plural(run.rollouts, "rollout")} in this run</span>
            </li>
          ))}
        </ul>
      ) : null}

      {warnings.length > 0 ? (
        <ul className="callout" data-testid="upload-warnings" style={{ margin: "12px 0", paddingLeft: 28 }}>
          {warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      ) : null}

      {rejected.length > 0 ? (
        <div className={styles.rejected} data-testid="rejected-files">
          <h3>{plural(rejected.length, "file")} rejected</h3>
          <ul className={styles.rejectedList}>
            {rejected.slice(0, LIST_LIMIT).map((r) => (
              <li key={r.path}>
                <code className={styles.rejectedPath}>{r.path}</code>
                <span className={styles.reason}>{r.error}</span>
              </li>
            ))}
            {rejected.length > LIST_LIMIT ? <li>…and {count(rejected.length - LIST_LIMIT)} more</li> : null}
          </ul>
          <p className={styles.rejectedHelp}>
            {accepted.length > 0 || duplicates.length > 0 ? "The other files were stored all the same. " : ""}
            Fix these files and upload them again; files already stored are recognised and not duplicated.
          </p>
        </div>
      ) : null}

      {accepted.length > 0 ? (
        <details className={styles.fileGroup} open={accepted.length <= 10}>
          <summary>{plural(accepted.length, "file")} stored</summary>
          <PathList paths={accepted} className={styles.stored} />
        </details>
      ) : null}
      {duplicates.length > 0 ? (
        <details className={styles.fileGroup} open={duplicates.length <= 10}>
          <summary>{plural(duplicates.length, "file")} already stored (nothing changed)</summary>
          <PathList paths={duplicates} />
        </details>
      ) : null}
      {skipped.length > 0 ? (
        <details className={styles.fileGroup}>
          <summary>{plural(skipped.length, "file")} ignored (dotfiles, READMEs and other non-result files)</summary>
          <PathList paths={skipped} />
        </details>
      ) : null}
    </section>
  );
}
