import Link from "@/components/ui/link";
import { fixed, plural } from "@/lib/display/format";
import { MEASURE_LABELS, measureText } from "@/lib/display/measures";
import type { MeasureKey } from "@/lib/scoring/core/measures";
import type { GridColumn } from "@/lib/views/grid-view";
import styles from "./checks-grid.module.css";
import { shortId } from "./short-id";

function Verdict({ column }: { column: GridColumn }) {
  if (column.status === "unscored") return <span className="badge badge-warn">unscored</span>;
  return (
    <span className={column.passed ? "badge badge-pass" : "badge badge-fail"}>
      {column.passed ? "✓ pass" : "✗ fail"}
    </span>
  );
}

/** One measure, compact; "—" titled "not recorded" when the rollout does not record it. */
function Measure({ measure, value, unit = "" }: { measure: MeasureKey; value: number | null; unit?: string }) {
  const label = MEASURE_LABELS[measure].toLowerCase();
  if (value === null)
    return (
      <span title={`${label}: not recorded`} data-measure={measure}>
        —{unit}
      </span>
    );
  return (
    <span title={`${label}: ${measureText(measure, value)}`} data-measure={measure}>
      {measureText(measure, value, "compact")}
      {unit}
    </span>
  );
}

/** Picks a column for the side by side; a native checkbox, so Space toggles it from the keyboard. */
export interface ColumnPick {
  checked: boolean;
  onChange: () => void;
}

/**
 * A rollout column's header: position, id (full id on hover), verdict, reward, termination, duration, tokens,
 * cost and tool use, and the checkbox that picks it for the side by side.
 */
export function GridColumnHeader({ column, pick }: { column: GridColumn; pick?: ColumnPick }) {
  const name = (
    <>
      <span className={styles.colPosition}>#{column.position}</span>
      <span className={styles.colId}>{shortId(column.id)}</span>
    </>
  );
  return (
    <div className={styles.colHead} title={column.id}>
      {column.href ? (
        <Link href={column.href} className={styles.colLink}>
          {name}
          <span className="visually-hidden">, rollout {column.id}</span>
        </Link>
      ) : (
        <span className={styles.colLink}>{name}</span>
      )}
      <Verdict column={column} />
      <span className={styles.colReward}>
        <span className="muted">reward </span>
        {fixed(column.reward, 2)}
        {column.checksChanged ? (
          <span className={styles.whatIf} title="a what-if scenario changed this rollout's checks">
            {" "}
            what-if
          </span>
        ) : null}
      </span>
      <span className={styles.colMeta} title="termination reason">
        {column.terminationReason ?? "—"}
      </span>
      <span className={styles.colMeta} data-testid="column-measures">
        <Measure measure="durationMs" value={column.durationMs} />
        {" · "}
        <Measure measure="tokens" value={column.tokens} unit=" tok" />
        {" · "}
        <Measure measure="costUsd" value={column.costUsd} />
      </span>
      <span className={styles.colMeta}>
        <span title="tool calls">{column.toolCalls === null ? "— calls" : plural(column.toolCalls, "call")}</span>
        {" · "}
        <span title="tool errors" className={column.toolErrors ? styles.toolErrors : undefined}>
          {column.toolErrors === null ? "— errors" : plural(column.toolErrors, "error")}
        </span>
      </span>
      {pick ? (
        <label className={styles.pick} title="Pick two to four rollouts to see them side by side">
          <input
            type="checkbox"
            checked={pick.checked}
            onChange={pick.onChange}
            aria-label={`Pick rollout #${column.position} ${column.id} for the side by side`}
            data-testid="pick-rollout"
          />
          pick
        </label>
      ) : null}
    </div>
  );
}
