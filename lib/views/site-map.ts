/**
 * The pages of a static share bundle and how the app's links reach them. Components link with the server's
 * paths (`/runs/<id>/tasks/<key>`, hrefs.ts); in the bundle each exported page is a file beside index.html, so
 * an app path becomes a relative file (or null: a page the bundle does not hold, such as the runs list).
 */
export interface SiteMap {
  runId: string;
  /** Task key → file under tasks/ (a task page the cap dropped is absent). */
  tasks: Record<string, string>;
  /** Rollout id → file under rollouts/. */
  rollouts: Record<string, string>;
}

/** Where the current page sits: its app path, its file name and the way back to the bundle's root ("" or "../"). */
export interface PagePlace {
  appPath: string;
  file: string;
  root: string;
}

const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

const own = (record: Record<string, string>, key: string) => (Object.hasOwn(record, key) ? record[key] : undefined);

/** The bundle file (relative to its root) that holds an app path, or null. */
export function fileOfAppPath(site: SiteMap | null, appPath: string): string | null {
  if (appPath === "/compare") return "index.html";
  if (!site) return null;
  const parts = appPath.split("/").filter(Boolean).map(decode);
  if (parts[0] !== "runs" || parts[1] !== site.runId) return null;
  if (parts.length === 2) return "index.html";
  if (parts.length !== 4) return null;
  const file =
    parts[2] === "tasks"
      ? own(site.tasks, parts[3]!)
      : parts[2] === "rollouts"
        ? own(site.rollouts, parts[3]!)
        : undefined;
  return file === undefined ? null : `${parts[2]}/${file}`;
}

export interface ResolvedHref {
  href: string;
  /** The link stays on the current page (only its query or fragment changes): history, not a load. */
  samePage: boolean;
}

/** An app href as the bundle's relative href, or null when the bundle does not hold its page. */
export function resolveHref(site: SiteMap | null, place: PagePlace, href: string): ResolvedHref | null {
  if (href.startsWith("#")) return { href, samePage: true };
  const url = new URL(href, "http://bundle");
  if (url.origin !== "http://bundle") return { href, samePage: false };
  const tail = `${url.search}${url.hash}`;
  if (url.pathname === place.appPath) return { href: `${place.file}${tail}`, samePage: true };
  const file = fileOfAppPath(site, url.pathname);
  return file === null ? null : { href: `${place.root}${file}${tail}`, samePage: false };
}

/** A file name for a key: readable, unique by its index, safe on every file system. */
export function pageFileName(index: number, key: string): string {
  const slug = key
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^[-.]+|-+$/g, "")
    .slice(0, 60);
  return `${index + 1}${slug ? `-${slug}` : ""}.html`;
}
