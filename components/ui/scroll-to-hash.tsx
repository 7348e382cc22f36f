"use client";

import { useEffect } from "react";

/**
 * Scrolls the element the URL's fragment names into view once this mounts. A page streamed behind a
 * `loading.tsx` arrives in a hidden container that React moves into place after the browser has already
 * tried (and failed) to scroll to the fragment, so a link to `…#row-310` would otherwise open at the top.
 */
export function ScrollToHash() {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id !== "") document.getElementById(id)?.scrollIntoView({ block: "start" });
  }, []);
  return null;
}
