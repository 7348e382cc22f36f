import Link from "@/components/ui/link";
import { shortId } from "@/components/task/short-id";
import styles from "./rollout-page.module.css";
import { count } from "@/lib/display/format";

export interface RolloutLink {
  id: string;
  href: string;
  position: number;
}

/**
 * Previous / next rollout of the same task, and back to the task. The page has one at its top and one at its end:
 * `atEnd` names the second apart, so the two navigation landmarks are told apart.
 */
export function RolloutNav({
  prev,
  next,
  taskHref,
  position,
  total,
  atEnd = false,
}: {
  prev: RolloutLink | null;
  next: RolloutLink | null;
  taskHref: string;
  position: number;
  total: number;
  atEnd?: boolean;
}) {
  return (
    <nav
      className={styles.nav}
      aria-label={atEnd ? "Rollouts of this task, at the end of the page" : "Rollouts of this task"}
    >
      {prev ? (
        <Link href={prev.href} className="button button-small" rel="prev" title={prev.id}>
          ← #{prev.position} <span className={`mono ${styles.navId}`}>{shortId(prev.id)}</span>
        </Link>
      ) : (
        <span className={`button button-small ${styles.navDisabled}`} aria-disabled>
          ← previous
        </span>
      )}
      <Link href={taskHref} className={styles.navTask}>
        Rollout {count(position)} of {count(total)} · back to the task
      </Link>
      {next ? (
        <Link href={next.href} className="button button-small" rel="next" title={next.id}>
          #{next.position} <span className={`mono ${styles.navId}`}>{shortId(next.id)}</span> →
        </Link>
      ) : (
        <span className={`button button-small ${styles.navDisabled}`} aria-disabled>
          next →
        </span>
      )}
    </nav>
  );
}
