import Link from "@/components/ui/link";
import { EmptyState } from "@/components/ui/empty-state";
import { formatNames } from "@/components/upload/format-help";
import type { FormatId } from "@/lib/formats/types";
import styles from "./runs-table.module.css";

/** No run stored yet: what Tally is and the two ways to put results in. */
export function NoRuns({ formats }: { formats: readonly FormatId[] }) {
  return (
    <EmptyState title="No runs yet">
      <p className={styles.emptyLead}>
        Tally reads the result files your agent evals write and shows what the score means: which checks passed, how
        rollouts of a task vary, and how two runs differ.
      </p>
      <div className={styles.emptyWays}>
        <div className={styles.emptyWay}>
          <div className="card-title">From a terminal</div>
          <pre>
            <code>npx tally ingest path/to/results</code>
          </pre>
        </div>
        <div className={styles.emptyWay}>
          <div className="card-title">From the browser</div>
          <Link href="/upload" className="button button-primary">
            Upload result files
          </Link>
        </div>
      </div>
      <p className={styles.emptyFoot}>Reads {formatNames(formats)} results, found by their content.</p>
    </EmptyState>
  );
}

/** The filters hide every run. */
export function NoMatches({ query, tag, onClear }: { query: string; tag: string | null; onClear: () => void }) {
  const what = [query.trim() ? `“${query.trim()}”` : null, tag !== null ? `the tag “${tag}”` : null].filter(Boolean);
  return (
    <div className={`empty-state ${styles.noMatches}`} role="status">
      <h2>No runs match {what.join(" with ")}</h2>
      <p>The text filter looks at run name, agent, model and format; the tag filter at the run’s tags.</p>
      <button type="button" className="button" onClick={onClear}>
        Clear filter
      </button>
    </div>
  );
}
