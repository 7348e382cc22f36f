"use client";

import Link from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { pct, plural } from "@/lib/display/format";
import { MAX_COMPARE_RUNS } from "@/lib/scoring/report/compare-order";
import styles from "./compare.module.css";

export interface PickerRun {
  id: string;
  name: string;
  agent: string | null;
  model: string | null;
  date: string;
  tasks: number | null;
  passRate: number | null;
  baseline: boolean;
  tags: readonly string[];
}

/** Choose the runs to compare (the baseline first when chosen); navigates to /compare?runs=… */
export function RunPicker({ runs, initial }: { runs: readonly PickerRun[]; initial: readonly string[] }) {
  const router = useRouter();
  const [picked, setPicked] = useState<string[]>(() =>
    initial.filter((id) => runs.some((r) => r.id === id)).slice(0, MAX_COMPARE_RUNS),
  );
  const full = picked.length >= MAX_COMPARE_RUNS;
  const baselineId = runs.find((r) => r.baseline)?.id;
  const ordered =
    baselineId && picked.includes(baselineId) ? [baselineId, ...picked.filter((id) => id !== baselineId)] : picked;
  const href = `/compare?runs=${ordered.map(encodeURIComponent).join(",")}`;

  const [tag, setTag] = useState<string | null>(null);
  const allTags = [...new Set(runs.flatMap((r) => r.tags))].sort();
  // Picked runs stay listed whatever the filter, so a pick is never hidden.
  const shown = tag === null ? runs : runs.filter((r) => r.tags.includes(tag) || picked.includes(r.id));

  const toggle = (id: string) =>
    setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : p.length >= MAX_COMPARE_RUNS ? p : [...p, id]));

  return (
    <form
      className={styles.picker}
      onSubmit={(e) => {
        e.preventDefault();
        if (picked.length >= 2) router.push(href);
      }}
    >
      <div className={styles.pickerBar}>
        <span className="muted" aria-live="polite">
          {picked.length === 0
            ? `Pick two or three runs. ${baselineId ? "The baseline is compared against by default." : ""}`
            : picked.length === 1
              ? "Pick one or two more runs."
              : `${plural(picked.length, "run")} picked${full ? ` (at most ${MAX_COMPARE_RUNS})` : ""}.`}
        </span>
        {allTags.length > 0 ? (
          <select
            aria-label="Show runs with the tag"
            value={tag ?? ""}
            onChange={(e) => setTag(e.target.value === "" ? null : e.target.value)}
            data-testid="picker-tag-filter"
          >
            <option value="">Every tag</option>
            {allTags.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        ) : null}
        <button
          type="submit"
          className="button button-primary"
          disabled={picked.length < 2}
          data-testid="picker-compare"
        >
          Compare {picked.length >= 2 ? plural(picked.length, "run") : ""} →
        </button>
      </div>
      <table className={`table ${styles.compact}`}>
        <thead>
          <tr>
            <th scope="col" className={styles.checkCol}>
              <span className="visually-hidden">Pick</span>
            </th>
            <th scope="col">Run</th>
            <th scope="col">Agent</th>
            <th scope="col">Model</th>
            <th scope="col">Date</th>
            <th scope="col" className="num">
              Tasks
            </th>
            <th scope="col" className="num">
              Pass rate
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((r) => {
            const checked = picked.includes(r.id);
            const position = ordered.indexOf(r.id);
            return (
              <tr key={r.id} className={checked ? styles.pickedRow : undefined}>
                <td className={styles.checkCol}>
                  <input
                    type="checkbox"
                    id={`pick-${r.id}`}
                    aria-label={`Compare ${r.name}`}
                    checked={checked}
                    disabled={!checked && full}
                    onChange={() => toggle(r.id)}
                  />
                </td>
                <td>
                  <label htmlFor={`pick-${r.id}`} className={styles.pickName}>
                    {r.name}
                  </label>{" "}
                  {r.baseline ? <span className="badge badge-accent">baseline</span> : null}
                  {r.tags.map((t) => (
                    <span key={t} className="badge">
                      {t}
                    </span>
                  ))}
                  {position >= 0 && ordered.length >= 2 ? (
                    <span className={styles.pickRole}>
                      {position === 0 ? "A · baseline of the comparison" : `${"ABC"[position]} · candidate`}
                    </span>
                  ) : null}
                </td>
                <td>{r.agent ?? <span className="muted">—</span>}</td>
                <td>{r.model ?? <span className="muted">—</span>}</td>
                <td className={styles.nowrap}>{r.date}</td>
                <td className="num">{r.tasks ?? "—"}</td>
                <td className="num">{pct(r.passRate)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className={styles.footnote}>
        Or pick runs in the <Link href="/">runs list</Link> and press Compare.{" "}
        {baselineId ? "" : "Mark a run as the baseline to have comparisons default to it."}
      </p>
    </form>
  );
}
