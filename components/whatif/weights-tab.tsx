"use client";

import { useCallback, useDeferredValue, useMemo, useState } from "react";
import { count, plural } from "@/lib/display/format";
import type { GroupReport, TaskReport } from "@/lib/scoring/report/report-types";
import { ownValue, type Scenario } from "@/lib/scoring/scenario/scenario";
import { setGroupWeight, setTaskWeight } from "@/lib/scoring/scenario/scenario-edit";
import { SCHEME_WORDS, type Scheme } from "@/lib/scoring/core/schemes";
import { queryTerms } from "./check-rows";
import { NumberField } from "./number-field";
import { VirtualList } from "./virtual-list";
import type { Edit } from "./whatif-types";
import styles from "./whatif.module.css";

function SchemeHint({ active, needed, what }: { active: Scheme; needed: Scheme; what: string }) {
  if (active === needed) {
    return (
      <p className={`callout callout-info ${styles.hint}`}>
        The headline uses {SCHEME_WORDS[needed]}, so these {what} count.
      </p>
    );
  }
  return (
    <p className={`callout ${styles.hint}`}>
      These {what} count only under “{SCHEME_WORDS[needed]}”; the headline uses “{SCHEME_WORDS[active]}”. Editing one
      switches it.
    </p>
  );
}

/** A weight per group (group scheme) and per task (custom scheme); a task list long enough to need search. */
export function WeightsTab({
  tasks,
  groups,
  declared,
  scenario,
  scheme,
  edit,
}: {
  tasks: readonly Pick<TaskReport, "key" | "name" | "weight">[];
  groups: readonly Pick<GroupReport, "group" | "tasks">[];
  /** Declared weight per task key. */
  declared: ReadonlyMap<string, number>;
  scenario: Scenario;
  scheme: Scheme;
  edit: Edit;
}) {
  const [query, setQuery] = useState("");
  const deferred = useDeferredValue(query);
  const haystack = useMemo(() => tasks.map((t) => `${t.key} ${t.name ?? ""}`.toLowerCase()), [tasks]);
  const shown = useMemo(() => {
    const terms = queryTerms(deferred);
    if (terms.length === 0) return tasks.map((_, i) => i);
    const out: number[] = [];
    haystack.forEach((h, i) => {
      if (terms.every((t) => h.includes(t))) out.push(i);
    });
    return out;
  }, [tasks, haystack, deferred]);
  // Stable while the list is: the virtualizer measures every row again when they change.
  const estimate = useCallback(() => 46, []);
  const itemKey = useCallback((i: number) => tasks[shown[i] ?? -1]?.key ?? String(i), [tasks, shown]);
  const weighted = Object.keys(scenario.weights ?? {}).length;
  const groupWeighted = Object.keys(scenario.groupWeights ?? {}).length;

  const renderTask = (i: number) => {
    const t = tasks[shown[i] ?? -1];
    if (!t) return null;
    const base = declared.get(t.key) ?? 1;
    const edited = t.weight !== base;
    return (
      <div
        className={`${styles.weightRow} ${edited ? styles.checkChanged : ""}`}
        data-testid="whatif-task-weight"
        data-task={t.key}
      >
        <span className={styles.weightName}>
          <span className={styles.weightKey}>{t.key}</span>
          {t.name ? <span className={styles.checkMeta}>{t.name}</span> : null}
        </span>
        <span className={`num ${styles.declared}`} title="Declared weight">
          {edited ? `was ${base}` : ""}
        </span>
        <NumberField
          className={styles.weightInput}
          value={edited ? t.weight : null}
          placeholder={String(base)}
          label={`Weight of ${t.key}`}
          onCommit={(v, mode) => edit((s) => setTaskWeight(s, t.key, v, base), mode)}
        />
      </div>
    );
  };

  return (
    <div className={styles.tabBody}>
      {groups.length > 1 ? (
        <div className={styles.subsection}>
          <h3 className={styles.blockTitle}>Group weights</h3>
          {groupWeighted > 0 || scheme === "group" ? (
            <SchemeHint active={scheme} needed="group" what="group weights" />
          ) : null}
          <p className={styles.help}>
            Under “each group one vote” every group counts 1 and its tasks share it equally. Give a group more say:
          </p>
          <div className={styles.groupGrid}>
            {groups.map((g) => {
              const w = ownValue(scenario.groupWeights, g.group);
              return (
                <label key={g.group} className={`${styles.groupCell} ${w !== undefined ? styles.checkChanged : ""}`}>
                  <span className={styles.weightName}>
                    <span className={styles.weightKey}>{g.group}</span>
                    <span className={styles.checkMeta}>{plural(g.tasks, "task")}</span>
                  </span>
                  <NumberField
                    className={styles.weightInput}
                    value={w ?? null}
                    placeholder="1"
                    label={`Weight of group ${g.group}`}
                    onCommit={(v, mode) => edit((s) => setGroupWeight(s, g.group, v), mode)}
                  />
                </label>
              );
            })}
          </div>
        </div>
      ) : null}

      <div className={styles.subsection}>
        <h3 className={styles.blockTitle}>Task weights</h3>
        {weighted > 0 || scheme === "custom" ? (
          <SchemeHint active={scheme} needed="custom" what="task weights" />
        ) : null}
        <p className={styles.help}>
          Weight tasks by importance (0 leaves a task out). Empty means the declared weight.
        </p>
        {tasks.length > 8 ? (
          <div className={styles.filters}>
            <input
              type="search"
              className={styles.search}
              placeholder="Filter tasks"
              aria-label="Filter tasks"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
            <span className={styles.count}>
              {shown.length === tasks.length
                ? plural(tasks.length, "task")
                : `${count(shown.length)} of ${plural(tasks.length, "task")}`}
            </span>
          </div>
        ) : null}
        {shown.length === 0 ? (
          <p className={styles.quiet}>No task matches.</p>
        ) : (
          <VirtualList
            count={shown.length}
            estimate={estimate}
            itemKey={itemKey}
            renderItem={renderTask}
            label="Task weights"
          />
        )}
      </div>
    </div>
  );
}
