"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useMemo, useRef, useState, useTransition } from "react";
import { parseScenarioParam, type Scenario, type ScenarioIssue } from "@/lib/scoring/scenario/scenario";
import { scenarioHref } from "./scenario-href";

/** push: a discrete change the back button undoes; replace: one more step of the same change (typing, dragging). */
export type WriteMode = "push" | "replace";

/**
 * history: write the URL with history.pushState/replaceState, which Next's router picks up (useSearchParams
 * updates, no server round trip): for pages that compute in the browser (the run page).
 * router: router.push/replace, so server components render again: for the task and rollout pages.
 */
export type ScenarioNavigation = "history" | "router";

export interface ScenarioUrl {
  /** The URL's scenario (`{}` when absent or invalid), or the one just written while the URL catches up. */
  scenario: Scenario;
  /** The raw parameter, or null. */
  param: string | null;
  /** Why the parameter could not be read, or null. */
  issues: ScenarioIssue[] | null;
  /** Applies an edit to the latest scenario (including one written but not yet rendered). */
  update: (edit: (current: Scenario) => Scenario, mode?: WriteMode) => void;
  set: (next: Scenario, mode?: WriteMode) => void;
  /** Back to the run as recorded: removes the parameter (one history entry, so back restores the scenario). */
  reset: () => void;
  /** A path on this site with `next` (default: the current scenario) as its scenario parameter. */
  hrefFor: (path: string, next?: Scenario) => string;
  /** router navigation in flight. */
  pending: boolean;
}

const AS_RECORDED: Scenario = {};

/** The `scenario` URL parameter as state: read with useSearchParams, written compactly, other parameters kept. */
export function useScenarioUrl({ navigation = "history" }: { navigation?: ScenarioNavigation } = {}): ScenarioUrl {
  const searchParams = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const param = searchParams.get("scenario");
  const parsed = useMemo(() => parseScenarioParam(param), [param]);
  const scenario = parsed.success ? parsed.data : AS_RECORDED;

  // A write the URL does not show yet (Next applies it in a transition; a router navigation takes a server
  // round trip): shown at once, so controls never snap back, and the next edit builds on it. Any change of
  // the URL (the write landing, back, forward) makes the URL the truth again.
  const [written, setWritten] = useState<{ base: string | null; scenario: Scenario } | null>(null);
  const [seenParam, setSeenParam] = useState(param);
  if (seenParam !== param) {
    setSeenParam(param);
    setWritten(null);
  }
  const paramRef = useRef(param);
  // eslint-disable-next-line react-hooks/refs -- latest-value ref: read by event handlers and timers, never by render
  paramRef.current = param;
  const current = written !== null && written.base === param ? written.scenario : scenario;
  const latest = useRef(current);
  // eslint-disable-next-line react-hooks/refs -- latest-value ref: read by event handlers and timers, never by render
  latest.current = current;

  const set = useCallback(
    (next: Scenario, mode: WriteMode = "push") => {
      const href = `${scenarioHref(pathname, window.location.search, next)}${window.location.hash}`;
      const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      latest.current = next;
      if (href === here) return;
      setWritten({ base: paramRef.current, scenario: next });
      if (navigation === "history") {
        if (mode === "replace") window.history.replaceState(null, "", href);
        else window.history.pushState(null, "", href);
      } else {
        startTransition(() => {
          if (mode === "replace") router.replace(href, { scroll: false });
          else router.push(href, { scroll: false });
        });
      }
    },
    [navigation, pathname, router],
  );

  const update = useCallback(
    (edit: (current: Scenario) => Scenario, mode: WriteMode = "push") => set(edit(latest.current), mode),
    [set],
  );
  const reset = useCallback(() => set(AS_RECORDED, "push"), [set]);
  const hrefFor = useCallback((path: string, next?: Scenario) => scenarioHref(path, "", next ?? latest.current), []);

  return {
    scenario: current,
    param,
    issues: parsed.success ? null : parsed.issues,
    update,
    set,
    reset,
    hrefFor,
    pending,
  };
}
