"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { api } from "@/lib/api/client-routes";

/** How often an open page asks whether what it shows has changed, while it is live. */
const POLL_MS = 2000;

/**
 * Keeps a page showing live runs up to date without a reload: while `shown` holds a live run, polls GET
 * /api/live and refreshes the page (router.refresh: the server renders it again and React merges it, so the
 * URL, with its filters and scenario, the scroll position and client state stay) when a shown run's rollout
 * count differs from what the page shows or a shown run stops being live. Renders nothing.
 */
export function LiveRefresh({ shown }: { shown: readonly { id: string; rollouts: number }[] }) {
  const router = useRouter();
  const key = JSON.stringify(shown.map((r) => [r.id, r.rollouts]));
  useEffect(() => {
    const expected = new Map((JSON.parse(key) as [string, number][]).map(([id, n]) => [id, n]));
    if (expected.size === 0) return;
    let stopped = false;
    const poll = async () => {
      const result = await api.live();
      // A failed poll (the server restarting, the network gone for a moment): the next one asks again.
      if (!result.ok || stopped) return;
      const live = new Map(result.data.runs.map((r) => [r.id, r.rollouts]));
      // Until the refreshed page shows what the server has, every poll asks again.
      if ([...expected].some(([id, n]) => live.get(id) !== n) && !stopped) router.refresh();
    };
    const timer = setInterval(() => void poll(), POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [key, router]);
  return null;
}
