import type { CSSProperties } from "react";
import Link from "@/components/ui/link";
import { fixed, plural } from "@/lib/display/format";
import type { ColumnsWindow } from "@/lib/traces";
import type { SideColumn } from "@/lib/views/side-by-side";
import { rolloutHref, runHref, taskHref } from "@/lib/views/hrefs";
import { CheckNote } from "./check-detail";
import { DivergenceNote } from "./divergence-note";
import styles from "./side-by-side.module.css";

/** The grid style for `n` columns side by side (the CSS reads --cols). */
export const columnsStyle = (n: number) => ({ "--cols": n }) as CSSProperties;

export function VerdictWord({ side }: { side: SideColumn }) {
  if (side.verdict.status === "unscored") return <span className="badge badge-warn">unscored</span>;
  return side.verdict.passed ? (
    <span className="badge badge-pass">✓ passed</span>
  ) : (
    <span className="badge badge-fail">✗ failed</span>
  );
}

/** The letter a rollout goes by on the page and its id (linking to its page). */
export function SideName({ side, primary = false }: { side: SideColumn; primary?: boolean }) {
  const { ref, rollout, letter } = side;
  return (
    <div className={styles.sideHead}>
      <span className={styles.letter} aria-label={`Rollout ${letter}`}>
        {letter}
      </span>
      <Link
        href={rolloutHref(ref.runId, ref.rolloutId)}
        className={styles.rolloutId}
        data-testid={primary ? `sbs-id-${letter}` : undefined}
      >
        {rollout.id}
      </Link>
    </div>
  );
}

/** The checks of a rollout that cite no step of its trace: shown once, on its card, failed required first. */
function Uncited({ side }: { side: SideColumn }) {
  if (side.uncited.length === 0) return null;
  return (
    <details className={styles.uncited} data-testid={`sbs-uncited-${side.letter}`} open={side.uncited.length <= 3}>
      <summary>{plural(side.uncited.length, "check")} citing no step</summary>
      {side.uncited.map((check) => (
        <CheckNote key={check.order} check={check} column={side} />
      ))}
    </details>
  );
}

/** One rollout's card on top: who it is, its verdict and reward, where it parts ways with the first. */
function RolloutCard(props: {
  side: SideColumn;
  index: number;
  columns: readonly SideColumn[];
  window: ColumnsWindow<unknown> | null;
  rowHref: (row: number) => string;
}) {
  const { side } = props;
  return (
    <div className={`card ${styles.side}`} data-testid={`sbs-side-${side.letter}`}>
      <SideName side={side} primary />
      <div className={styles.context}>
        run <Link href={runHref(side.ref.runId)}>{side.runName}</Link> · task{" "}
        <Link href={taskHref(side.ref.runId, side.rollout.taskKey)}>{side.rollout.taskKey}</Link>
      </div>
      <div className={styles.verdictRow} data-testid={`sbs-verdict-${side.letter}`}>
        <VerdictWord side={side} />
        <span className={styles.reward}>
          <span className="muted">reward </span>
          {fixed(side.verdict.reward, 2)}
        </span>
      </div>
      <DivergenceNote
        column={side}
        index={props.index}
        window={props.window}
        rowHref={props.rowHref}
        base={props.columns[0]!}
      />
      {props.window ? <Uncited side={side} /> : null}
    </div>
  );
}

export function RolloutCards(props: {
  columns: readonly SideColumn[];
  window: ColumnsWindow<unknown> | null;
  rowHref: (row: number) => string;
}) {
  return (
    <div className={styles.pair} style={columnsStyle(props.columns.length)}>
      {props.columns.map((side, index) => (
        <RolloutCard key={side.letter} side={side} index={index} {...props} />
      ))}
    </div>
  );
}
