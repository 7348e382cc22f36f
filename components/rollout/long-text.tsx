"use client";

import { useState } from "react";
import styles from "./rollout-page.module.css";

/** Lines kept from each end of a long text while collapsed: a test log's start says what ran, its end the verdict. */
const EDGE_LINES = 10;

/**
 * Text from a result file, verbatim as React text in a <pre> (never markup). Past 2 × EDGE_LINES lines it shows
 * only its first and last lines until "show all".
 */
export function LongText({
  text,
  tone = "plain",
  testId,
}: {
  text: string;
  tone?: "plain" | "error";
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  // A final newline ends the last line; it does not start another.
  const lines = text.replace(/\r?\n$/, "").split("\n");
  const hidden = lines.length - 2 * EDGE_LINES;
  const collapsed = hidden > 0 && !open;
  return (
    <div>
      <pre
        className={`${styles.textBlock} ${tone === "error" ? styles.textError : ""} ${collapsed ? styles.collapsed : ""}`}
        tabIndex={0}
        data-testid={testId}
        data-collapsed={collapsed ? "true" : undefined}
      >
        {collapsed ? lines.slice(0, EDGE_LINES).join("\n") : text}
        {collapsed ? (
          <span className={styles.hiddenLines}>{`\n… ${hidden.toLocaleString("en-US")} lines hidden …\n`}</span>
        ) : null}
        {collapsed ? lines.slice(-EDGE_LINES).join("\n") : null}
      </pre>
      {hidden > 0 ? (
        <button type="button" className="button button-small" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? "show less" : `show all (${lines.length.toLocaleString("en-US")} lines)`}
        </button>
      ) : null}
    </div>
  );
}
