import { count } from "@/lib/display/format";
import { stepNumber } from "@/components/evidence/anchors";
import type { ColumnsWindow } from "@/lib/traces";
import type { SideColumn } from "@/lib/views/side-by-side";
import styles from "./side-by-side.module.css";

/** An aligned row's id, by the number it is shown with (rows count from 1): row 3 is `#sbs-row-3`. */
export const rowAnchor = (index: number) => `sbs-row-${index + 1}`;

/**
 * Where a column parts ways with the first, in words: "diverges at step 12", linked to its row (`rowHref`
 * gives the window holding it). The first column is what the others are measured against.
 */
export function DivergenceNote({
  column,
  index,
  window,
  rowHref,
  base,
}: {
  column: SideColumn;
  index: number;
  window: ColumnsWindow<unknown> | null;
  rowHref: (row: number) => string;
  base: SideColumn;
}) {
  if (!window) return null;
  if (window.withoutTrace[index])
    return (
      <p className={styles.divergenceNote} data-testid={`sbs-divergence-${column.letter}`}>
        no trace to align
      </p>
    );
  if (index === 0)
    return (
      <p className={styles.divergenceNote} data-testid={`sbs-divergence-${column.letter}`}>
        the others are aligned to {column.letter}
      </p>
    );
  const d = window.divergences[index] ?? null;
  // Against a first rollout without a trace there is nothing to be the same as.
  if (!d && window.withoutTrace[0]) return null;
  if (!d)
    return (
      <p className={styles.divergenceNote} data-testid={`sbs-divergence-${column.letter}`}>
        <span className="badge badge-pass">same steps as {base.letter}</span>
      </p>
    );
  return (
    <p className={`${styles.divergenceNote} ${styles.divergesText}`} data-testid={`sbs-divergence-${column.letter}`}>
      {d.step === null ? (
        <a href={rowHref(d.row)}>
          stops at row {count(d.row + 1)}, where {base.letter} goes on
        </a>
      ) : (
        <>
          <a href={rowHref(d.row)}>diverges at step {count(stepNumber(d.step))}</a>
          <span className="muted"> (row {count(d.row + 1)})</span>
        </>
      )}
    </p>
  );
}
