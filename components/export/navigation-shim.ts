/**
 * `next/navigation` for the static bundle (the viewer's build aliases it here): the same hooks, read from and
 * written to the page's own URL by history, so the scenario lives in the query as on the server (a task or
 * rollout route carries its query inside the fragment: lib/views/site-map.ts).
 */
import { useMemo, useSyncExternalStore } from "react";
import type { BundleRoute } from "@/lib/views/site-map";
import { currentRoute, navigate, subscribeToUrl } from "./bundle-state";

/** The route the URL shows, re-read when the URL changes. */
export function useRoute(): BundleRoute {
  return useSyncExternalStore(subscribeToUrl, currentRoute, currentRoute);
}

export function useSearchParams(): URLSearchParams {
  const { search } = useRoute();
  return useMemo(() => new URLSearchParams(search), [search]);
}

/** The app path of the page (`/runs/<id>`, `/runs/<id>/tasks/<key>`), as the components build their links from it. */
export function usePathname(): string {
  return useRoute().appPath;
}

const router = {
  push: (href: string) => navigate(href, "push"),
  replace: (href: string) => navigate(href, "replace"),
  refresh: () => undefined,
  back: () => window.history.back(),
  forward: () => window.history.forward(),
  prefetch: () => undefined,
};

export function useRouter(): typeof router {
  return router;
}

export function notFound(): never {
  throw new Error("not found");
}
