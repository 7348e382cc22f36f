import { runHref } from "./hrefs";

/**
 * The routes of a static share bundle and how the app's links reach them. A bundle is one page, index.html:
 * the run page at its own query (`index.html?scenario=…`), and each task and rollout page a route in the
 * fragment (`index.html#/tasks/<key>?scenario=…`), so that every link works from file:// without a server.
 * Components link with the server's paths (`/runs/<id>/tasks/<key>`, hrefs.ts); an app path the bundle does
 * not hold (the runs list, the API) resolves to null.
 */
export interface SiteMap {
  runId: string;
}

/** A page of the bundle: its app path and the query it reads (`?…` or ""). */
export interface BundleRoute {
  appPath: string;
  search: string;
}

const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** The route a bundle URL shows: a fragment starting `#/` names a task or rollout page, else the run page. */
export function routeOfLocation(site: SiteMap | null, search: string, hash: string): BundleRoute {
  const runPath = site ? runHref(site.runId) : "/compare";
  if (!site || !hash.startsWith("#/")) return { appPath: runPath, search };
  const at = hash.indexOf("?");
  const path = at < 0 ? hash.slice(1) : hash.slice(1, at);
  return { appPath: `${runPath}${path}`, search: at < 0 ? "" : hash.slice(at) };
}

/** The task or rollout an app path names within the bundle's run; null for the run page or another page. */
export function detailOfAppPath(
  site: SiteMap | null,
  appPath: string,
): { kind: "task" | "rollout"; key: string } | null {
  if (!site) return null;
  const parts = appPath.split("/").filter(Boolean).map(decode);
  if (parts.length !== 4 || parts[0] !== "runs" || parts[1] !== site.runId) return null;
  if (parts[2] === "tasks") return { kind: "task", key: parts[3]! };
  if (parts[2] === "rollouts") return { kind: "rollout", key: parts[3]! };
  return null;
}

export interface ResolvedHref {
  href: string;
  /** Always true inside a bundle's one page: a link moves by history, not by a load. */
  samePage: boolean;
}

/** An app href as the bundle's relative href, or null when the bundle does not hold its page. */
export function resolveHref(site: SiteMap | null, href: string): ResolvedHref | null {
  if (href.startsWith("#")) return { href, samePage: true };
  const url = new URL(href, "http://bundle");
  if (url.origin !== "http://bundle") return { href, samePage: false };
  const pathname = url.pathname;
  if (pathname === "/compare") return { href: `index.html${url.search}${url.hash}`, samePage: true };
  if (!site) return null;
  const parts = pathname.split("/").filter(Boolean).map(decode);
  if (parts[0] !== "runs" || parts[1] !== site.runId) return null;
  if (parts.length === 2) return { href: `index.html${url.search}${url.hash}`, samePage: true };
  const detail = detailOfAppPath(site, pathname);
  if (!detail) return null;
  const folder = detail.kind === "task" ? "tasks" : "rollouts";
  return { href: `index.html#/${folder}/${encodeURIComponent(detail.key)}${url.search}`, samePage: true };
}
