"use client";

import { apiText } from "@/lib/api/client";
import { useState, type ReactNode } from "react";
import { bytes } from "@/lib/display/format";
import { FULL_TEXT_MAX, type TextHead } from "@/lib/text-head";
import styles from "./cut-text.module.css";

/** Fetching the whole text: not asked, under way, or failed with why. */
type LoadState = "idle" | "loading" | { error: string };

/** Where the whole of a cut text comes from: a URL answering it as text/plain (null: nowhere, in a shared copy). */
export type FullTextUrl = string | null;

/** The URL that downloads a text the page would not load whole. */
export const downloadUrl = (url: string) => `${url}${url.includes("?") ? "&" : "?"}download=1`;

/**
 * Text from a result file as the page carries it: its head, verbatim as React text (never markup), and when it
 * goes on, "show all (N KB)" that fetches the whole text into the page, or past FULL_TEXT_MAX a download link.
 * The text (the whole one once fetched) goes in one element of the caller's choice.
 */
export function CutText({
  text,
  url,
  as: Tag = "div",
  className,
  testId,
  focusable = false,
  what = "text",
}: {
  text: TextHead;
  url: FullTextUrl;
  as?: "pre" | "div" | "p" | "span" | "dd";
  className?: string;
  testId?: string;
  /** A scrolling block (a <pre> with a height limit) takes the keyboard focus so it can be scrolled. */
  focusable?: boolean;
  /** What the text is, for the buttons' accessible names ("agent output"). */
  what?: string;
}) {
  const [full, setFull] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<LoadState>("idle");
  // A <dd> or <div> holds its controls; beside a <pre>, <p> or <span> they follow it.
  const inside = Tag === "dd" || Tag === "div";
  const render = (shown: ReactNode, controls: ReactNode = null) => (
    <>
      <Tag className={className} data-testid={testId} tabIndex={focusable ? 0 : undefined}>
        {shown}
        {inside ? controls : null}
      </Tag>
      {inside ? null : controls}
    </>
  );
  if (!text.cut) return render(text.head);
  const size = bytes(text.bytes);
  const load = async () => {
    if (full !== null || url === null) return setOpen(true);
    setState("loading");
    const result = await apiText(url);
    if (!result.ok) return setState({ error: result.message });
    setFull(result.data);
    setOpen(true);
    setState("idle");
  };
  const shown =
    open && full !== null ? (
      full
    ) : (
      <>
        {text.head}
        <span className={styles.more}>{`… (${size} in all)`}</span>
      </>
    );
  return render(
    shown,
    <div className={styles.controls}>
      {url === null ? (
        <span className={styles.note}>
          The rest of this {what} ({size} in all) stayed with Tally.
        </span>
      ) : text.bytes > FULL_TEXT_MAX ? (
        <a href={downloadUrl(url)} download data-testid="cut-text-download">
          Download the whole {what} ({size})
        </a>
      ) : open ? (
        <button type="button" className="button button-small" onClick={() => setOpen(false)}>
          Show less
        </button>
      ) : (
        <button
          type="button"
          className="button button-small"
          onClick={() => void load()}
          disabled={state === "loading"}
          aria-label={state === "loading" ? undefined : `Show all (${size}) of the ${what}`}
          data-testid="cut-text-show-all"
        >
          {state === "loading" ? "Loading…" : `Show all (${size})`}
        </button>
      )}
      {typeof state === "object" ? (
        <span className={styles.error} role="alert">
          Could not load the whole {what}: {state.error}.
        </span>
      ) : null}
    </div>,
  );
}
