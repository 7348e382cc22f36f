"use client";

import { useState } from "react";
import type { Scenario } from "@/lib/scoring/scenario/scenario";
import { setFlip } from "@/lib/scoring/scenario/scenario-edit";
import type { Edit } from "@/components/whatif/whatif-types";
import type { TaskCheckSets } from "@/lib/scoring/view/task-checks";
import styles from "./compare-scenario.module.css";

/**
 * Flips on the compare page: a verdict set for a task's check in every rollout of that task, in each run (a
 * scenario flip names the task and check, so it applies wherever the runs have them). Lists the flips of the
 * scenario that name no rollout, each removable.
 */
export function CompareFlips({
  tasks,
  scenario,
  edit,
}: {
  /** Each task's check keys, as the runs compared have them. */
  tasks: TaskCheckSets;
  scenario: Scenario;
  edit: Edit;
}) {
  const [task, setTask] = useState(tasks.tasks[0]?.[0] ?? "");
  const list = tasks.tasks.find(([t]) => t === task)?.[1];
  const checks = list === undefined ? [] : (tasks.lists[list] ?? []);
  const [check, setCheck] = useState("");
  const [passed, setPassed] = useState(true);
  const chosenCheck = checks.includes(check) ? check : (checks[0] ?? "");
  const flips = (scenario.flips ?? []).filter((f) => f.rollout === undefined);
  if (tasks.tasks.length === 0) return null;
  return (
    <div className={styles.flips} data-testid="compare-flips">
      <div className={styles.row}>
        <label className={styles.field}>
          <span>Task</span>
          <select value={task} onChange={(e) => setTask(e.target.value)} data-testid="compare-flip-task">
            {tasks.tasks.map(([t]) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>Check</span>
          <select value={chosenCheck} onChange={(e) => setCheck(e.target.value)} data-testid="compare-flip-check">
            {checks.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>Count it as</span>
          <select
            value={passed ? "passed" : "failed"}
            onChange={(e) => setPassed(e.target.value === "passed")}
            data-testid="compare-flip-verdict"
          >
            <option value="passed">passed</option>
            <option value="failed">failed</option>
          </select>
        </label>
        <button
          type="button"
          className="button button-small"
          disabled={chosenCheck === ""}
          onClick={() => edit((s) => setFlip(s, { task, check: chosenCheck }, passed, null))}
          data-testid="compare-flip-add"
        >
          Flip in both runs
        </button>
      </div>
      {flips.length > 0 ? (
        <ul className={styles.flipList}>
          {flips.map((f) => (
            <li key={`${f.task}\u0000${f.check}`}>
              {f.task} {f.check} counted as {f.passed ? "passed" : "failed"}{" "}
              <button
                type="button"
                className="button button-small"
                onClick={() => edit((s) => setFlip(s, { task: f.task, check: f.check }, null, null))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
