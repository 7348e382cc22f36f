"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, useTransition } from "react";
import {
  historyWriteSafe,
  initialSync,
  initialTrust,
  routerWriteLanded,
  traversalUnrendered,
  traversed,
  urlChanged,
  written,
  type RouterTrust,
} from "./reconcile";
import { viewKey, withQuery, type UrlCodec } from "./url-codec";

/**
 * push: a discrete change the back button undoes. replace: one more step of the same change (dragging, a
 * click that should not fill the history). typing: replace once the input pauses, so a keystroke is not a
 * URL write; the view follows every keystroke at once.
 */
export type WriteMode = "push" | "replace" | "typing";

/**
 * history: history.pushState/replaceState, which Next's router picks up (useSearchParams updates) without a
 * server round trip: for views computed in the browser. router: router.push/replace, so the server components
 * render again: for pages the server computes (the task and rollout pages under a scenario). A history write
 * made after a back/forward move goes through the router too, until one such write lands (RouterTrust).
 */
export type UrlNavigation = "history" | "router";

export interface UrlState<T> {
  /** The URL's view, or the one just written while the URL catches up. */
  view: T;
  /** Writes `edit(latest)`, where latest includes a write not rendered yet (two quick clicks). */
  update: (edit: (current: T) => T, mode?: WriteMode) => void;
  /** `path` with `view` (default: the latest) as its query string, no other parameter. */
  hrefFor: (path: string, view?: T) => string;
  /** A router navigation is in flight. */
  pending: boolean;
}

const TYPING_DELAY_MS = 250;

// One per document, as Next's router is: every back/forward move, seen before any write can follow it.
let trust: RouterTrust = initialTrust;
// The address as Next's router last rendered it (every mounted useUrlState sees the same), and that router.
let rendered: { pathname: string; query: string; router: ReturnType<typeof useRouter> } | null = null;
let mounted = 0;
if (typeof window !== "undefined") {
  window.addEventListener("popstate", () => {
    trust = traversed(trust);
    // After the event: a move Next did not render in it waits for page data that may never come (reconcile.ts).
    // Navigating to the address fetches the page afresh, so the page shows what the address bar holds.
    setTimeout(() => {
      const { pathname, search, hash } = window.location;
      if (rendered && traversalUnrendered(rendered, { pathname, search }))
        rendered.router.replace(`${pathname}${search}${hash}`, { scroll: false });
    }, 0);
  });
  // A page restored from the browser's cache: Next restores its router state as on a back/forward move.
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) trust = traversed(trust);
  });
}

// Per codec, who hears of each view written to the URL (useUrlWrites).
const writeListeners = new Map<object, Set<(view: never) => void>>();

/**
 * Calls `listener` with each view any useUrlState of `codec` writes to the URL, as it writes it: before React
 * renders the new URL, so work the view asks for (scoring it in a worker) starts beside that render.
 */
export function useUrlWrites<T>(codec: UrlCodec<T>, listener: (view: T) => void): void {
  useEffect(() => {
    const set = writeListeners.get(codec) ?? new Set();
    writeListeners.set(codec, set);
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }, [codec, listener]);
}

/**
 * One view's state kept in the URL: read with useSearchParams through `codec` (a module-level constant),
 * written with history or router navigation, the view's own writes told apart from navigations (reconcile.ts).
 */
export function useUrlState<T>(
  codec: UrlCodec<T>,
  { navigation = "history", mode: defaultMode = "replace" }: { navigation?: UrlNavigation; mode?: WriteMode } = {},
): UrlState<T> {
  const searchParams = useSearchParams();
  // The router's path, as useSearchParams gives its query (navigate reads the address bar instead).
  const routerPath = usePathname();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const query = searchParams.toString();
  const fromUrl = useMemo(() => codec.parse(new URLSearchParams(query)), [codec, query]);
  const key = useMemo(() => viewKey(codec, fromUrl), [codec, fromUrl]);

  const [sync, setSync] = useState(() => initialSync<T>(key));
  // Derived during render, not in an effect, so a navigation never shows one frame of the previous view.
  const current = urlChanged(sync, key);
  if (current !== sync) setSync(current);
  const view = current.local ?? fromUrl;

  // The view the next edit builds on: set by each write before React renders it, and after each render.
  const latest = useRef(view);
  useLayoutEffect(() => {
    latest.current = view;
  }, [view]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useLayoutEffect(() => {
    rendered = { pathname: routerPath, query, router };
  }, [routerPath, query, router]);
  useLayoutEffect(() => {
    mounted += 1;
    return () => {
      mounted -= 1;
      if (mounted === 0) rendered = null;
    };
  }, []);
  // History writes sent through the router while they were unsafe: view key → back/forward moves seen then.
  const routed = useRef(new Map<string, number>());
  useEffect(() => {
    const madeAt = routed.current.get(key);
    if (madeAt === undefined) return;
    // The router rendered it: it fetched the page afresh, and history writes are safe again.
    trust = routerWriteLanded(trust, madeAt);
    routed.current.clear();
  }, [key]);

  const navigate = useCallback(
    (next: T, how: "push" | "replace") => {
      // A write delayed by typing is dropped when anything moved the view on since (a navigation, an edit).
      if (latest.current !== next) return;
      const { pathname, search, hash } = window.location;
      const href = `${withQuery(pathname, codec.write(next, new URLSearchParams(search)))}${hash}`;
      if (href === `${pathname}${search}${hash}`) return;
      const viaRouter = navigation === "router" || !historyWriteSafe(trust);
      if (navigation === "history" && viaRouter) routed.current.set(viewKey(codec, next), trust.traversals);
      if (viaRouter) {
        startTransition(() => {
          if (how === "push") router.push(href, { scroll: false });
          else router.replace(href, { scroll: false });
        });
      } else if (how === "push") window.history.pushState(null, "", href);
      else window.history.replaceState(null, "", href);
      for (const listener of writeListeners.get(codec) ?? []) (listener as (view: T) => void)(next);
    },
    [codec, navigation, router],
  );

  const update = useCallback(
    (edit: (current: T) => T, mode: WriteMode = defaultMode) => {
      const next = edit(latest.current);
      latest.current = next;
      setSync((s) => written(s, next, viewKey(codec, next)));
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      if (mode === "typing") timer.current = setTimeout(() => navigate(next, "replace"), TYPING_DELAY_MS);
      else navigate(next, mode);
    },
    [codec, defaultMode, navigate],
  );

  const hrefFor = useCallback(
    (path: string, next?: T) => withQuery(path, codec.write(next ?? latest.current, new URLSearchParams())),
    [codec],
  );

  return { view, update, hrefFor, pending };
}
