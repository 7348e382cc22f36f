"use client";

import { useLayoutEffect, useState, useSyncExternalStore, type RefObject } from "react";

/**
 * Where an element starts in the document (its top plus the window's scroll), kept current as the page above it
 * grows or shrinks: a list virtualised against the window needs it as its scroll margin, and a list above it
 * (the checks above the trace) changes height as rows load and are measured.
 */
export function useDocumentTop(ref: RefObject<HTMLElement | null>): number {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    // The element is read at each measure: a re-render may have put another in its place.
    const measure = () => {
      const el = ref.current;
      if (el) setTop(Math.round(el.getBoundingClientRect().top + window.scrollY));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    window.addEventListener("resize", measure);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", measure);
    };
  }, [ref]);
  return top;
}

/** Whether a media query matches now, following changes (false on the server). */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(false);
  useLayoutEffect(() => {
    const list = window.matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener("change", update);
    return () => list.removeEventListener("change", update);
  }, [query]);
  return matches;
}

const noSubscription = () => () => {};

/**
 * False while the page is rendered on the server and hydrated, true after: a list virtualised against the
 * window renders the rows it came with until then, so the server's HTML and the hydration agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
