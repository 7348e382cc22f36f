import { plural } from "@/lib/display/format";
import type { StateDiffRead } from "@/lib/formats/silo/state-diff";
import { touchedCollections, type TraceJson } from "@/lib/traces";
import styles from "./rollout-page.module.css";

const IDS_SHOWN = 20;

const verdictWord = (passed: boolean | null) =>
  passed === true ? "passed" : passed === false ? "failed" : "not graded";

function idText(id: TraceJson): string {
  return typeof id === "string" ? id : JSON.stringify(id);
}

function Ids({ label, ids }: { label: string; ids: TraceJson[] }) {
  if (ids.length === 0) return null;
  const shown = ids.slice(0, IDS_SHOWN);
  return (
    <div className={styles.diffRow}>
      <dt>{label}</dt>
      <dd>
        {shown.map((id, i) => (
          <code key={i} className={styles.diffId}>
            {idText(id)}
          </code>
        ))}
        {ids.length > shown.length ? <span className="muted"> and {ids.length - shown.length} more</span> : null}
      </dd>
    </div>
  );
}

/** An authority check of the rollout, named beside the state changes it judges. */
export interface StateJudge {
  order: number;
  /** Clipped for display. */
  label: string;
  passed: boolean | null;
}

/**
 * What the rollout changed in its environment, per collection, beside the checks that judge such changes (the
 * authority checks: "no prohibited write attempted"; the first few, with how many in all).
 */
export function StateDiffSection({
  read,
  judges,
}: {
  read: StateDiffRead;
  judges: { shown: StateJudge[]; total: number };
}) {
  if (read.kind === "none") return null;
  if (read.kind === "invalid")
    return (
      <div className={styles.stateDiff} data-testid="state-diff">
        <h3>State changes</h3>
        <p className="callout">
          {read.path} could not be read: {read.why}
        </p>
      </div>
    );
  const touched = touchedCollections(read.diff);
  return (
    <div className={styles.stateDiff} data-testid="state-diff">
      <h3>State changes</h3>
      <p className="section-note">
        What the rollout changed in its environment ({read.diff.path})
        {judges.shown.length > 0 ? (
          <>
            , judged by{" "}
            {judges.shown.map((j, i) => (
              <span key={j.order}>
                {i > 0 ? ", " : ""}
                <strong>{j.label}</strong> ({verdictWord(j.passed)})
              </span>
            ))}
            {judges.total > judges.shown.length ? ` and ${judges.total - judges.shown.length} more` : ""}
          </>
        ) : null}
        .
      </p>
      {touched.length === 0 ? (
        <p className="muted">No record was added, removed or changed.</p>
      ) : (
        <ul className={styles.diffList}>
          {touched.map((c) => (
            <li key={c.name} className={styles.diffCollection} data-testid="state-diff-collection">
              <div className={styles.diffName}>
                <strong>{c.name}</strong>{" "}
                <span className="muted">
                  {[
                    c.added.length > 0 ? `${c.added.length} added` : null,
                    c.removed.length > 0 ? `${c.removed.length} removed` : null,
                    c.changed.length > 0 ? `${c.changed.length} changed` : null,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </span>
              </div>
              <dl className={styles.diffIds}>
                <Ids label="added" ids={c.added} />
                <Ids label="removed" ids={c.removed} />
                <Ids label="changed" ids={c.changed} />
              </dl>
            </li>
          ))}
        </ul>
      )}
      {read.diff.scalars.length > 0 ? (
        <p className="muted">{plural(read.diff.scalars.length, "other change")} recorded as values.</p>
      ) : null}
    </div>
  );
}
