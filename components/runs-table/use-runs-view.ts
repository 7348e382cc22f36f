"use client";

import { useSearchParams } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { parseRunsView, serializeRunsView, type RunsView } from "./url-state";

const TYPING_DELAY_MS = 250;

/**
 * The runs list's view state, mirrored into the URL. React state answers at once; the URL follows through
 * `history.replaceState`, which Next's router picks up (useSearchParams updates) without a server round trip
 * per click or keystroke. A URL change we did not write (the "Runs" link in the top bar, say) resets the view.
 */
export function useRunsView(initial: RunsView) {
  const [view, setView] = useState(initial);
  // The latest view, for updates fired before React re-renders (two quick clicks).
  const viewRef = useRef(initial);
  const searchParams = useSearchParams();
  const lastWritten = useRef(serializeRunsView(initial));
  // URLs written but not yet seen back through useSearchParams: seeing one of them is not a navigation.
  const pending = useRef<string[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const writeUrl = useCallback((next: RunsView) => {
    const query = serializeRunsView(next);
    if (query === lastWritten.current) return;
    lastWritten.current = query;
    pending.current.push(query);
    window.history.replaceState(null, "", query ? `?${query}` : window.location.pathname);
  }, []);

  const update = useCallback(
    (change: Partial<RunsView>, options: { typing?: boolean } = {}) => {
      const next = { ...viewRef.current, ...change };
      viewRef.current = next;
      setView(next);
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      if (options.typing) timer.current = setTimeout(() => writeUrl(next), TYPING_DELAY_MS);
      else writeUrl(next);
    },
    [writeUrl],
  );

  useEffect(() => {
    const query = serializeRunsView(parseRunsView(searchParams));
    const seen = pending.current.indexOf(query);
    if (seen >= 0) {
      pending.current.splice(0, seen + 1);
      return;
    }
    if (query === lastWritten.current) return;
    lastWritten.current = query;
    pending.current = [];
    if (timer.current) clearTimeout(timer.current);
    viewRef.current = parseRunsView(searchParams);
    setView(viewRef.current);
  }, [searchParams]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return { view, update };
}
