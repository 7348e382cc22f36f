"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import styles from "./baseline-toggle.module.css";

// The upload page keeps the ingest token in this tab's sessionStorage; both spellings are read.
const TOKEN_KEYS = ["tally.ingest-token", "tally-ingest-token"];

function savedToken(): string | null {
  for (const key of TOKEN_KEYS) {
    const value = window.sessionStorage.getItem(key);
    if (value && value.trim()) return value.trim();
  }
  return null;
}

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
    try {
      const token = savedToken();
      const res = await fetch(`/api/runs/${encodeURIComponent(runId)}/baseline`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ baseline: !baseline }),
      });
      if (res.status === 401) setProblem({ kind: "unauthorized" });
      else if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
        setProblem({ kind: "failed", message: body?.error?.message ?? `The server answered ${res.status}.` });
      } else startTransition(() => router.refresh());
    } catch {
      setProblem({ kind: "failed", message: "The server could not be reached." });
    } finally {
      setSending(false);
    }
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
