import { z } from "zod";
import { BUNDLE_GLOBAL, PAGE_DATA_ID, RUN_GLOBAL, type BundleData, type PageData } from "@/lib/views/bundle-data";
import { resolveHref, routeOfLocation, type BundleRoute, type ResolvedHref } from "@/lib/views/site-map";

const ZPage = z.looseObject({ kind: z.enum(["run", "compare"]) });

/** The bundle's data (data.js) and this page's, read once from the document the viewer script runs in. */
let read: { bundle: BundleData; page: PageData } | null = null;

export function bundleState(): { bundle: BundleData; page: PageData } {
  if (read) return read;
  const bundle = (window as unknown as Record<string, BundleData | undefined>)[BUNDLE_GLOBAL];
  const text = document.getElementById(PAGE_DATA_ID)?.textContent;
  if (!bundle || !text) throw new Error("this page is missing its data (data.js or its own JSON)");
  const page = ZPage.safeParse(JSON.parse(text));
  if (!page.success) throw new Error("this page's data is not a Tally bundle page");
  read = { bundle, page: page.data as PageData };
  return read;
}

/** The run's columns as base64 (run.js); null in a bundle without a run (a comparison). */
export function bundleRunBase64(): string | null {
  const text = (window as unknown as Record<string, unknown>)[RUN_GLOBAL];
  return typeof text === "string" ? text : null;
}

let route: { search: string; hash: string; value: BundleRoute } | null = null;

/** The page the URL shows (the run page, or a task or rollout route), the same object while the URL stays. */
export function currentRoute(): BundleRoute {
  const { search, hash } = window.location;
  if (route && route.search === search && route.hash === hash) return route.value;
  route = { search, hash, value: routeOfLocation(bundleState().bundle.site, search, hash) };
  return route.value;
}

/** An app href as this bundle's relative href; null for a page the bundle does not hold. */
export function bundleHref(href: string): ResolvedHref | null {
  return resolveHref(bundleState().bundle.site, href);
}

/*
 * The URL as an external store. history.pushState and replaceState fire no event, so they are wrapped once to
 * tell the subscribers (components write the URL with them directly, as under Next's router).
 */
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());
let wrapped = false;

export function subscribeToUrl(listener: () => void): () => void {
  if (!wrapped) {
    wrapped = true;
    for (const name of ["pushState", "replaceState"] as const) {
      const original = window.history[name].bind(window.history);
      window.history[name] = (data: unknown, unused: string, url?: string | URL | null) => {
        original(data, unused, url);
        notify();
      };
    }
    window.addEventListener("popstate", notify);
    window.addEventListener("hashchange", notify);
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** An in-page anchor on a task or rollout route: scrolled to, the route kept in the URL. */
const isAnchorOnRoute = (href: string) => href.startsWith("#") && window.location.hash.startsWith("#/");

export function scrollToAnchor(href: string): void {
  if (href.includes("#")) document.getElementById(decodeURIComponent(href.split("#")[1]!))?.scrollIntoView();
}

/** Follows an app href within the bundle's one page by history (a link out of it by loading). */
export function navigate(href: string, how: "push" | "replace"): void {
  if (isAnchorOnRoute(href)) return scrollToAnchor(href);
  const target = bundleHref(href);
  if (target === null) return;
  if (!target.samePage) window.location.assign(target.href);
  else if (how === "push") window.history.pushState(null, "", target.href);
  else window.history.replaceState(null, "", target.href);
}

export { isAnchorOnRoute };
