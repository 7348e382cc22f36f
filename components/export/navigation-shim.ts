/**
 * `next/navigation` for the static bundle (the viewer's build aliases it here): the same hooks, read from and
 * written to the page's own URL by history, so the scenario lives in the query as on the server.
 */
import { useMemo, useSyncExternalStore } from "react";
import { bundleState, navigate, subscribeToUrl } from "./bundle-state";

const search = () => window.location.search;

export function useSearchParams(): URLSearchParams {
  const query = useSyncExternalStore(subscribeToUrl, search, search);
  return useMemo(() => new URLSearchParams(query), [query]);
}

/** The app path of the page (`/runs/<id>`), as the components build their links from it. */
export function usePathname(): string {
  return bundleState().page.appPath;
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
