"use client";

import { useEffect, useRef, useState } from "react";
import type { WriteMode } from "@/components/url-state/use-url-state";

const COMMIT_AFTER_MS = 300;

/** Number text as typed: "" is the default (null); anything else must be a finite number in range. */
function parseDraft(text: string, min: number, max: number): { ok: true; value: number | null } | { ok: false } {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: true, value: null };
  const value = Number(trimmed);
  return Number.isFinite(value) && value >= min && value <= max ? { ok: true, value } : { ok: false };
}

const show = (value: number | null) => (value === null ? "" : String(value));

/**
 * A number input that keeps what is typed locally and commits it shortly after typing pauses, on Enter and
 * on blur: the first commit of an edit pushes a history entry, later ones replace it, so one edit is one
 * step back. Empty commits null (the default, shown as the placeholder).
 */
export function NumberField({
  value,
  placeholder,
  onCommit,
  label,
  min = 0,
  max = Number.MAX_SAFE_INTEGER,
  step = "any",
  className,
  testId,
}: {
  value: number | null;
  placeholder: string;
  onCommit: (value: number | null, mode: WriteMode) => void;
  label: string;
  min?: number;
  max?: number;
  step?: number | "any";
  className?: string;
  testId?: string;
}) {
  const [draft, setDraft] = useState(show(value));
  const focused = useRef(false);
  const committedInEdit = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastCommitted = useRef(value);
  const pendingText = useRef<string | null>(null);
  const onCommitRef = useRef(onCommit);
  // eslint-disable-next-line react-hooks/refs -- latest-value ref: read by event handlers and timers, never by render
  onCommitRef.current = onCommit;

  // The URL is the truth: follow it (back button, reset) unless the user is typing here.
  useEffect(() => {
    lastCommitted.current = value;
    if (!focused.current) setDraft(show(value));
  }, [value]);
  // Scrolled out of a virtual list or closed mid-edit: keep what was typed.
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      const text = pendingText.current;
      if (text === null) return;
      const p = parseDraft(text, min, max);
      if (p.ok && p.value !== lastCommitted.current)
        onCommitRef.current(p.value, committedInEdit.current ? "replace" : "push");
    },
    [min, max],
  );

  const parsed = parseDraft(draft, min, max);

  const commit = (text: string) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pendingText.current = null;
    const p = parseDraft(text, min, max);
    if (!p.ok || p.value === lastCommitted.current) return;
    lastCommitted.current = p.value;
    onCommit(p.value, committedInEdit.current ? "replace" : "push");
    committedInEdit.current = true;
  };

  return (
    <input
      type="number"
      inputMode="decimal"
      className={className}
      value={draft}
      placeholder={placeholder}
      min={min}
      max={max === Number.MAX_SAFE_INTEGER ? undefined : max}
      step={step}
      aria-label={label}
      aria-invalid={!parsed.ok || undefined}
      data-testid={testId}
      onFocus={() => {
        focused.current = true;
        committedInEdit.current = false;
      }}
      onBlur={() => {
        focused.current = false;
        commit(draft);
        committedInEdit.current = false;
        if (!parseDraft(draft, min, max).ok) setDraft(show(lastCommitted.current));
      }}
      onKeyDown={(e) => {
        if (e.key === "Enter") commit(draft);
        if (e.key === "Escape") {
          // A first Esc undoes an edit in progress; with nothing to undo it goes on to close the drawer.
          if (draft !== show(lastCommitted.current)) e.preventDefault();
          setDraft(show(lastCommitted.current));
          if (timer.current) clearTimeout(timer.current);
          pendingText.current = null;
        }
      }}
      onChange={(e) => {
        const text = e.target.value;
        setDraft(text);
        if (timer.current) clearTimeout(timer.current);
        pendingText.current = text;
        timer.current = setTimeout(() => commit(text), COMMIT_AFTER_MS);
      }}
    />
  );
}
