"use client";

import { useState } from "react";
import styles from "./trace.module.css";
import { plural } from "@/lib/display/format";

/** Characters shown before "show all": long tool output would otherwise bury the steps around it. */
const COLLAPSED_CHARS = 1200;

/** Text from a trace, shown verbatim as React text (never markup), collapsed past COLLAPSED_CHARS. */
export function CollapsibleText({ text, tone = "plain" }: { text: string; tone?: "plain" | "error" | "muted" }) {
  const [open, setOpen] = useState(false);
  const long = text.length > COLLAPSED_CHARS;
  const shown = long && !open ? `${text.slice(0, COLLAPSED_CHARS)}…` : text;
  return (
    <div>
      <pre
        className={`${styles.text} ${tone === "error" ? styles.textError : tone === "muted" ? styles.textMuted : ""}`}
      >
        {shown}
      </pre>
      {long ? (
        <button type="button" className="button button-small" onClick={() => setOpen(!open)}>
          {open ? "show less" : `show all (${plural(text.length, "character")})`}
        </button>
      ) : null}
    </div>
  );
}
