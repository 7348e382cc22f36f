"use client";

import Link from "@/components/ui/link";
import { usePathname, useSearchParams } from "next/navigation";
import type { Report } from "@/lib/scoring/report/report-types";
import { DIAGNOSES, type TasksView } from "./tasks-view";
import styles from "./sections.module.css";

const WORDS: Record<(typeof DIAGNOSES)[number], string> = {
  solid: "solid",
  unreliable: "unreliable",
  "never-passes": "never pass",
  unscored: "all unscored",
};

/**
 * The tasks counted by diagnosis, each a link that narrows the tasks table to them (kept in the URL with the
 * scenario); the active one links back to every task.
 */
export function DiagnosisCounts({ counts, active }: { counts: Report["diagnosis"]; active: TasksView["diagnosis"] }) {
  const pathname = usePathname();
  const search = useSearchParams();
  const href = (diagnosis: TasksView["diagnosis"]) => {
    const params = new URLSearchParams(search.toString());
    params.delete("page");
    if (diagnosis === null) params.delete("diagnosis");
    else params.set("diagnosis", diagnosis);
    const query = params.toString();
    return `${pathname}${query ? `?${query}` : ""}#tasks-title`;
  };
  return (
    <p className={styles.diagnosisCounts} data-testid="diagnosis-counts">
      {DIAGNOSES.filter((d) => counts[d] > 0).map((d, i) => (
        <span key={d}>
          {i > 0 ? " · " : ""}
          <Link
            href={href(active === d ? null : d)}
            aria-current={active === d ? "true" : undefined}
            className={active === d ? styles.diagnosisActive : undefined}
            data-testid={`diagnosis-${d}`}
          >
            <strong className="num">{counts[d]}</strong> {WORDS[d]}
          </Link>
        </span>
      ))}
      {active !== null ? (
        <>
          {" · "}
          <Link href={href(null)}>every task</Link>
        </>
      ) : null}
    </p>
  );
}
