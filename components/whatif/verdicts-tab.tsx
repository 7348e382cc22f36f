"use client";

import Link from "@/components/ui/link";
import { memo, useCallback, useDeferredValue, useMemo, useState } from "react";
import { count, metricTitle } from "@/lib/display/format";
import { applyScenario } from "@/lib/scoring/scenario/apply-scenario";
import type { Scenario } from "@/lib/scoring/scenario/scenario";
import { flipRefFor, hasExactFlip, setFlip, setRequired } from "@/lib/scoring/scenario/scenario-edit";
import type { ScoringCheck, ScoringRun } from "@/lib/scoring/core/types";
import { checkRowsIndex, filterCheckRows, type CheckListItem, type CheckShow, type RolloutEntry } from "./check-rows";
import type { Edit } from "./whatif-types";
import { VirtualList } from "./virtual-list";
import styles from "./whatif.module.css";

function Verdict({ check }: { check: ScoringCheck }) {
  if (check.passed === null) return <span className="badge">not graded</span>;
  return check.passed ? (
    <span className="badge badge-pass">passed</span>
  ) : (
    <span className="badge badge-fail">failed</span>
  );
}

/** The label without a leading repeat of the key ("C3 Recommends…" → "Recommends…"). */
function labelText(check: ScoringCheck): string {
  return check.label.startsWith(`${check.key} `) ? check.label.slice(check.key.length + 1) : check.label;
}

const CheckRow = memo(function CheckRow({
  entry,
  recorded,
  now,
  flipped,
  edit,
}: {
  entry: RolloutEntry;
  recorded: ScoringCheck;
  now: ScoringCheck;
  flipped: boolean;
  edit: Edit;
}) {
  const ref = flipRefFor(entry.task, entry.id, recorded.key, entry.taskRollouts);
  const verdictChanged = now.passed !== recorded.passed;
  const requiredChanged = now.required !== recorded.required;
  const action = flipped ? "Undo" : now.passed === true ? "Count as failed" : "Count as passed";
  const target = now.passed !== true;
  const where = entry.taskRollouts > 1 ? ` in rollout #${entry.position}` : "";
  return (
    <div
      className={`${styles.checkRow} ${verdictChanged || requiredChanged ? styles.checkChanged : ""}`}
      data-testid="whatif-check"
      data-task={entry.task}
      data-rollout={entry.id}
      data-check={recorded.key}
    >
      <span className={styles.checkLabel} title={recorded.label}>
        {labelText(recorded)}
        <span className={styles.checkMeta}>
          {recorded.label !== recorded.key ? (
            <>
              <span className="mono">{recorded.key}</span> ·{" "}
            </>
          ) : null}
          {metricTitle(recorded.dimension)}
        </span>
      </span>
      <button
        type="button"
        className={`${styles.chip} ${now.required ? styles.chipOn : ""} ${requiredChanged ? styles.chipChanged : ""}`}
        title={`Make ${recorded.key} ${now.required ? "optional" : "required"} in ${entry.task}`}
        aria-label={`${recorded.key} is ${now.required ? "required" : "optional"}; make it ${now.required ? "optional" : "required"} in ${entry.task}`}
        onClick={() =>
          edit((s) => setRequired(s, { check: recorded.key, task: entry.task }, !now.required, recorded.required))
        }
      >
        {now.required ? "required" : "optional"}
      </button>
      <span className={styles.verdicts}>
        <Verdict check={recorded} />
        {verdictChanged ? (
          <>
            <span aria-hidden className={styles.arrow}>
              →
            </span>
            <Verdict check={now} />
          </>
        ) : null}
      </span>
      <button
        type="button"
        className={`button button-small ${styles.flipButton} ${flipped ? styles.undo : now.passed === true ? styles.quietButton : styles.passButton}`}
        aria-label={`${action}: ${recorded.key} of ${entry.task}${where}`}
        onClick={() => edit((s) => setFlip(s, ref, flipped ? null : target, recorded.passed))}
      >
        {action}
      </button>
    </div>
  );
});

const SHOW_WORDS: Record<CheckShow, string> = {
  all: "All checks",
  failed: "Failed or not graded",
  changed: "Changed by the scenario",
};

/** Flip any check of any rollout, or make it optional in its task: a searchable, virtualised list. */
export function VerdictsTab({
  run,
  scenario,
  edit,
  taskHref,
  rolloutHref,
}: {
  run: ScoringRun;
  scenario: Scenario;
  edit: Edit;
  taskHref: (key: string) => string | null;
  rolloutHref: (id: string) => string | null;
}) {
  const index = useMemo(() => checkRowsIndex(run), [run]);
  // The verdicts depend on every field but the headline: choosing another metric or scheme redraws nothing here.
  const { headline: _headline, ...rules } = scenario;
  const rulesKey = JSON.stringify(rules);
  const applied = useMemo(() => applyScenario(run, JSON.parse(rulesKey) as Scenario).run, [run, rulesKey]);
  const [query, setQuery] = useState("");
  const [show, setShow] = useState<CheckShow>("all");
  const deferredQuery = useDeferredValue(query);
  const changed = useCallback(
    (r: number, c: number) => {
      const a = run.rollouts[r]?.checks[c];
      const b = applied.rollouts[r]?.checks[c];
      return a !== undefined && b !== undefined && a !== b && (a.passed !== b.passed || a.required !== b.required);
    },
    [run, applied],
  );
  // Only the "changed" view depends on the scenario; the others are filtered again only when the query changes.
  const changedDep = show === "changed" ? changed : null;
  const items: CheckListItem[] = useMemo(
    () => filterCheckRows(index, run, deferredQuery, show, changedDep ?? (() => false)),
    [index, run, deferredQuery, show, changedDep],
  );
  const checks = items.length - items.filter((i) => i.kind === "rollout").length;
  // Stable while the list is: the virtualizer measures every row again (130,000 in a big run) when they change.
  const estimate = useCallback((i: number) => (items[i]?.kind === "rollout" ? 32 : 46), [items]);
  const itemKey = useCallback(
    (i: number) => {
      const it = items[i];
      return it ? (it.kind === "rollout" ? `r${it.r}` : `c${it.r}.${it.c}`) : String(i);
    },
    [items],
  );

  const renderItem = (i: number) => {
    const item = items[i];
    if (!item) return null;
    const entry = index.rollouts[item.r];
    if (!entry) return null;
    if (item.kind === "rollout") {
      const taskLink = taskHref(entry.task);
      const rolloutLink = rolloutHref(entry.id);
      return (
        <div className={styles.rolloutHead}>
          {taskLink ? <Link href={taskLink}>{entry.task}</Link> : <span>{entry.task}</span>}
          {entry.taskRollouts > 1 ? (
            <span className="muted">
              {" "}
              · rollout #{entry.position} of {entry.taskRollouts}{" "}
              {rolloutLink ? (
                <Link href={rolloutLink} className="mono">
                  {entry.id}
                </Link>
              ) : (
                <span className="mono">{entry.id}</span>
              )}
            </span>
          ) : null}
        </div>
      );
    }
    const recorded = run.rollouts[item.r]?.checks[item.c];
    const now = applied.rollouts[item.r]?.checks[item.c];
    if (!recorded || !now) return null;
    const flipped = hasExactFlip(scenario, flipRefFor(entry.task, entry.id, recorded.key, entry.taskRollouts));
    return <CheckRow entry={entry} recorded={recorded} now={now} flipped={flipped} edit={edit} />;
  };

  return (
    <div className={styles.tabBody}>
      <p className={styles.help}>
        A verifier can be wrong. Count any check as passed or failed, or make it optional in its task, and see what the
        score would be. Each rollout’s reward is then recomputed from its checks.
      </p>
      <div className={styles.filters}>
        <input
          type="search"
          className={styles.search}
          placeholder="Search checks, e.g. checkout C3"
          aria-label="Search checks"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          data-testid="whatif-check-search"
        />
        <select aria-label="Which checks" value={show} onChange={(e) => setShow(e.target.value as CheckShow)}>
          {(Object.keys(SHOW_WORDS) as CheckShow[]).map((k) => (
            <option key={k} value={k}>
              {SHOW_WORDS[k]}
            </option>
          ))}
        </select>
      </div>
      <p className={styles.count} aria-live="polite">
        {checks === 0 ? "No check matches." : `${count(checks)} ${checks === 1 ? "check" : "checks"}`}
        {query !== deferredQuery ? " …" : ""}
      </p>
      {items.length > 0 ? (
        <VirtualList
          count={items.length}
          estimate={estimate}
          itemKey={itemKey}
          renderItem={renderItem}
          label="Checks of every rollout"
          testId="whatif-checks"
        />
      ) : null}
    </div>
  );
}
