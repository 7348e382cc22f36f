import { z } from "zod";
import { BUNDLE_GLOBAL, PAGE_DATA_ID, type BundleData, type PageData } from "@/lib/views/bundle-data";
import { resolveHref, type ResolvedHref } from "@/lib/views/site-map";

/** What every page's own JSON holds besides its kind's data (written by lib/export/html.ts). */
const ZPagePlace = z.looseObject({
  kind: z.enum(["run", "task", "rollout", "compare"]),
  appPath: z.string(),
  file: z.string(),
  root: z.string(),
});

/** The bundle's data (data.js) and this page's, read once from the document the viewer script runs in. */
let read: { bundle: BundleData; page: PageData } | null = null;

export function bundleState(): { bundle: BundleData; page: PageData } {
  if (read) return read;
  const bundle = (window as unknown as Record<string, BundleData | undefined>)[BUNDLE_GLOBAL];
  const text = document.getElementById(PAGE_DATA_ID)?.textContent;
  if (!bundle || !text) throw new Error("this page is missing its data (data.js or its own JSON)");
  const page = ZPagePlace.safeParse(JSON.parse(text));
  if (!page.success) throw new Error("this page's data is not a Tally bundle page");
  read = { bundle, page: page.data as PageData };
  return read;
}

/** An app href as this bundle's relative href; null for a page the bundle does not hold. */
export function bundleHref(href: string): ResolvedHref | null {
  const { bundle, page } = bundleState();
  return resolveHref(bundle.site, page, href);
}

/*
 * The URL's query as an external store. history.pushState and replaceState fire no event, so they are wrapped
 * once to tell the subscribers (components write the URL with them directly, as under Next's router).
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
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Follows an app href: within the page by history, to another page of the bundle by loading it. */
export function navigate(href: string, how: "push" | "replace"): void {
  const target = bundleHref(href);
  if (target === null) return;
  if (!target.samePage) window.location.assign(target.href);
  else if (how === "push") window.history.pushState(null, "", target.href);
  else window.history.replaceState(null, "", target.href);
}
