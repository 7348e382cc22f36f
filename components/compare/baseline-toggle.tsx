"use client";

import Link from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { api } from "@/lib/api/client-routes";
import styles from "./baseline-toggle.module.css";

type Problem = { kind: "unauthorized" } | { kind: "failed"; message: string } | null;

/**
 * Marks a run as the baseline every comparison defaults to (POST /api/runs/:id/baseline), or unmarks it.
 * Pressed = this run is the baseline. Refreshes the page's server data afterwards.
 */
export function BaselineToggle({ runId, runName, baseline }: { runId: string; runName: string; baseline: boolean }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);
  const busy = sending || pending;

  const toggle = async () => {
    setSending(true);
    setProblem(null);
    const result = await api.setBaseline(runId, !baseline);
    setSending(false);
    if (result.ok) startTransition(() => router.refresh());
    else if (result.kind === "unauthorized") setProblem({ kind: "unauthorized" });
    else setProblem({ kind: "failed", message: result.message });
  };

  return (
    <span className={styles.wrap}>
      <button
        type="button"
        className={`button button-small ${baseline ? styles.on : ""}`}
        aria-pressed={baseline}
        disabled={busy}
        onClick={() => void toggle()}
        title={
          baseline
            ? `${runName} is the baseline: click to unmark it`
            : `Compare every run against ${runName} by default`
        }
        data-testid="baseline-toggle"
      >
        {baseline ? (
          <>
            <span aria-hidden>★</span> Baseline
          </>
        ) : (
          <>
            <span aria-hidden>☆</span> Mark as baseline
          </>
        )}
      </button>
      {busy ? <span className={styles.note}>Saving…</span> : null}
      {problem?.kind === "unauthorized" ? (
        <span className={styles.problem} role="alert">
          This server needs the ingest token. <Link href="/upload">Enter it on the upload page</Link>, then try again.
        </span>
      ) : problem ? (
        <span className={styles.problem} role="alert">
          {problem.message}
        </span>
      ) : null}
    </span>
  );
}
