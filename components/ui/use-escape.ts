"use client";

import { useEffect, useRef, type RefObject } from "react";

/**
 * Esc closes what is open (a popover, a panel, a dialog) wherever the focus is, and gives the focus back to
 * what opened it, so a keyboard user lands where they were. A key another handler already took
 * (defaultPrevented, e.g. an Esc that reset a field) is left alone. Returns the ref to put on the opener.
 */
export function useEscape<T extends HTMLElement = HTMLButtonElement>(
  open: boolean,
  close: () => void,
): RefObject<T | null> {
  const opener = useRef<T | null>(null);
  const onClose = useRef(close);
  useEffect(() => {
    onClose.current = close;
  });
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || e.defaultPrevented) return;
      e.preventDefault();
      onClose.current();
      opener.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);
  return opener;
}
