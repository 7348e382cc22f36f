"use client";

import { useState } from "react";
import Link from "@/components/ui/link";
import { shortId } from "@/components/task/short-id";
import { count } from "@/lib/display/format";
import { SIDE_BY_SIDE_LETTERS, sideBySideOfHref } from "@/lib/views/hrefs";
import type { RolloutLink } from "./rollout-nav";
import styles from "./rollout-page.module.css";

const MORE = SIDE_BY_SIDE_LETTERS.length - 1;

/**
 * Pick one to three other rollouts of the task and open them beside this one (this one is A, the rollout the
 * others are aligned to). Native checkboxes: Tab and Space work; a fourth pick is refused, the boxes say so.
 */
export function SideBySidePicker({
  runId,
  rolloutId,
  choices,
  siblings,
  taskHref,
}: {
  runId: string;
  rolloutId: string;
  choices: readonly RolloutLink[];
  siblings: number;
  taskHref: string;
}) {
  const [picked, setPicked] = useState<string[]>([]);
  if (choices.length === 0) return null;
  const toggle = (id: string) =>
    setPicked((now) => (now.includes(id) ? now.filter((p) => p !== id) : now.length < MORE ? [...now, id] : now));
  const chosen = choices.filter((c) => picked.includes(c.id));
  const full = chosen.length >= MORE;
  return (
    <details className={styles.sbsPicker} data-testid="rollout-side-by-side">
      <summary>Side by side with other rollouts of this task</summary>
      <fieldset className={styles.sbsChoices}>
        <legend>
          Pick one to three rollouts to open beside this one
          {siblings - 1 > choices.length ? (
            <>
              {" "}
              (the {count(choices.length)} nearest; <Link href={taskHref}>the task page</Link> lists all {siblings})
            </>
          ) : null}
        </legend>
        {choices.map((c) => {
          const on = picked.includes(c.id);
          return (
            <label key={c.id} className={styles.sbsChoice} title={c.id}>
              <input
                type="checkbox"
                checked={on}
                disabled={!on && full}
                onChange={() => toggle(c.id)}
                data-testid="pick-sibling"
              />
              #{c.position} <span className="mono">{shortId(c.id)}</span>
            </label>
          );
        })}
      </fieldset>
      <p aria-live="polite" className={styles.sbsAction}>
        {chosen.length > 0 ? (
          <Link
            href={sideBySideOfHref([{ runId, rolloutId }, ...chosen.map((c) => ({ runId, rolloutId: c.id }))])}
            className="button button-small button-primary"
            data-testid="rollout-side-by-side-link"
          >
            Open side by side ({chosen.length + 1} rollouts)
          </Link>
        ) : (
          <span className="muted">Nothing picked yet.</span>
        )}
        {full ? <span className="muted"> Four is the most side by side.</span> : null}
      </p>
    </details>
  );
}
