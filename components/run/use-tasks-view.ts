"use client";

import { useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { parseTasksView, tasksViewHref, type TasksView } from "./tasks-view";

/**
 * The tasks table's view (filter, sort, page) as URL state. Written with history.replaceState, which Next's
 * router picks up without a server round trip (as the what-if scenario is). The view just written is shown
 * until the URL has caught up with every write, so typing and quick clicks never see an older URL; a URL we
 * did not write (back, forward, a link) makes the URL the truth again.
 */
export function useTasksView(): { view: TasksView; update: (change: Partial<TasksView>) => void } {
  const searchParams = useSearchParams();
  const key = searchParams.toString();
  const fromUrl = useMemo(() => parseTasksView(new URLSearchParams(key)), [key]);
  const [written, setWritten] = useState<TasksView | null>(null);
  // Queries written and not yet seen back through useSearchParams, oldest first.
  const pending = useRef<string[]>([]);
  const view = written ?? fromUrl;
  const latest = useRef(view);
  // eslint-disable-next-line react-hooks/refs -- latest-value ref: read by event handlers and timers, never by render
  latest.current = view;

  useEffect(() => {
    const i = pending.current.indexOf(key);
    if (i >= 0) pending.current.splice(0, i + 1);
    else pending.current = [];
    if (pending.current.length === 0) setWritten(null);
  }, [key]);

  const update = useCallback((change: Partial<TasksView>) => {
    const next = { ...latest.current, ...change };
    latest.current = next;
    setWritten(next);
    const href = tasksViewHref(window.location.pathname, window.location.search, next);
    const query = href.includes("?") ? href.slice(href.indexOf("?") + 1) : "";
    pending.current.push(new URLSearchParams(query).toString());
    window.history.replaceState(null, "", `${href}${window.location.hash}`);
  }, []);

  return { view, update };
}
