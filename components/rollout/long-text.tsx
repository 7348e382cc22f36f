"use client";

import { useState } from "react";
import { bytes as bytesText, count, plural } from "@/lib/display/format";
import { FULL_TEXT_MAX } from "@/lib/text-head";
import styles from "./rollout-page.module.css";

/** Fetching the whole text: not asked, under way, or failed with why. */
type LoadState = "idle" | "loading" | { error: string };

/** Lines kept from each end of a long text while collapsed: a test log's start says what ran, its end the verdict. */
const EDGE_LINES = 10;

/**
 * Text from a result file, verbatim as React text in a <pre> (never markup). Past 2 × EDGE_LINES lines it shows
 * only its first and last lines until "show all". A text the page has only the ends of (`tail`: a file cut in
 * the middle, `bytes` in all) fetches the whole from `fullUrl` on "show all" (up to FULL_TEXT_MAX).
 */
export function LongText({
  text,
  tail = null,
  bytes,
  fullUrl = null,
  tone = "plain",
  testId,
}: {
  text: string;
  tail?: string | null;
  bytes?: number;
  fullUrl?: string | null;
  tone?: "plain" | "error";
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  const [full, setFull] = useState<string | null>(null);
  const [state, setState] = useState<LoadState>("idle");
  const cut = tail !== null && full === null;
  const whole = full ?? text;
  // A final newline ends the last line; it does not start another.
  const lines = whole.replace(/\r?\n$/, "").split("\n");
  const tailLines = tail === null ? [] : tail.replace(/\r?\n$/, "").split("\n");
  const hidden = cut ? null : lines.length - 2 * EDGE_LINES;
  const collapsed = cut ? !open : hidden! > 0 && !open;
  const canFetch = cut && fullUrl !== null && (bytes ?? Infinity) <= FULL_TEXT_MAX;

  const fetchAll = async () => {
    if (!fullUrl) return;
    setState("loading");
    try {
      const res = await fetch(fullUrl);
      if (!res.ok) throw new Error(`the server answered ${res.status}`);
      setFull(await res.text());
      setOpen(true);
      setState("idle");
    } catch (e) {
      setState({ error: e instanceof Error ? e.message : String(e) });
    }
  };

  const gap = cut ? `\n… ${bytesText(bytes ?? 0)} in all: the middle is not shown …\n` : null;
  return (
    <div>
      <pre
        className={`${styles.textBlock} ${tone === "error" ? styles.textError : ""} ${collapsed ? styles.collapsed : ""}`}
        tabIndex={0}
        data-testid={testId}
        data-collapsed={collapsed ? "true" : undefined}
      >
        {cut ? (
          <>
            {collapsed ? lines.slice(0, EDGE_LINES).join("\n") : text}
            <span className={styles.hiddenLines}>{gap}</span>
            {collapsed ? tailLines.slice(-EDGE_LINES).join("\n") : tail}
          </>
        ) : (
          <>
            {collapsed ? lines.slice(0, EDGE_LINES).join("\n") : whole}
            {collapsed ? <span className={styles.hiddenLines}>{`\n… ${count(hidden!)} lines hidden …\n`}</span> : null}
            {collapsed ? lines.slice(-EDGE_LINES).join("\n") : null}
          </>
        )}
      </pre>
      {cut ? (
        canFetch ? (
          <button
            type="button"
            className="button button-small"
            disabled={state === "loading"}
            onClick={() => void fetchAll()}
          >
            {state === "loading" ? "Loading…" : `show all (${bytesText(bytes ?? 0)})`}
          </button>
        ) : (
          <button type="button" className="button button-small" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? "show less" : "show both ends"}
          </button>
        )
      ) : hidden! > 0 ? (
        <button type="button" className="button button-small" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? "show less" : `show all (${plural(lines.length, "line")})`}
        </button>
      ) : null}
      {typeof state === "object" ? (
        <span className="muted" role="alert">
          {" "}
          Could not load the whole text: {state.error}.
        </span>
      ) : null}
    </div>
  );
}
