import Link from "@/components/ui/link";
import { fixed } from "@/lib/display/format";
import type { SideOfPair } from "@/lib/views/side-by-side";
import { rolloutHref, runHref, taskHref } from "@/lib/views/hrefs";
import styles from "./side-by-side.module.css";

export function VerdictWord({ side }: { side: SideOfPair }) {
  if (side.verdict.status === "unscored") return <span className="badge badge-warn">unscored</span>;
  return side.verdict.passed ? (
    <span className="badge badge-pass">✓ passed</span>
  ) : (
    <span className="badge badge-fail">✗ failed</span>
  );
}

/** The letter a rollout goes by on the page, its id (linking to its page), run and task. */
export function SideName({
  letter,
  side,
  primary = false,
}: {
  letter: "A" | "B";
  side: SideOfPair;
  primary?: boolean;
}) {
  const { ref, rollout } = side;
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

/** One rollout's card on top: who it is, its verdict and reward. */
function SideCard({ letter, side }: { letter: "A" | "B"; side: SideOfPair }) {
  return (
    <div className={`card ${styles.side}`} data-testid={`sbs-side-${letter}`}>
      <SideName letter={letter} side={side} primary />
      <div className={styles.context}>
        run <Link href={runHref(side.ref.runId)}>{side.runName}</Link> · task{" "}
        <Link href={taskHref(side.ref.runId, side.rollout.taskKey)}>{side.rollout.taskKey}</Link>
      </div>
      <div className={styles.verdictRow} data-testid={`sbs-verdict-${letter}`}>
        <VerdictWord side={side} />
        <span className={styles.reward}>
          <span className="muted">reward </span>
          {fixed(side.verdict.reward, 2)}
        </span>
      </div>
    </div>
  );
}

export function PairHeader({ a, b }: { a: SideOfPair; b: SideOfPair }) {
  return (
    <div className={styles.pair}>
      <SideCard letter="A" side={a} />
      <SideCard letter="B" side={b} />
    </div>
  );
}
