/**
 * Every API route, its methods and, for a method that takes a body, the media types it reads. The proxy answers
 * a method a route lacks (405) and a body of another type (415) from this table, before any handler runs;
 * `api-routes.test.ts` fails when it and the route files under app/api disagree.
 *
 * A path segment in brackets matches any one segment, as in the app's folder names.
 */

export const BODY_METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;
export type TBodyMethod = (typeof BODY_METHODS)[number];
export type TRouteMethod = "GET" | TBodyMethod;

const JSON_BODY = ["application/json"] as const;

export interface TApiRoute {
  path: string;
  /** Each method the route exports; a body method names the media types it reads. */
  methods: Partial<Record<TRouteMethod, readonly string[]>>;
}

export const API_ROUTES = [
  { path: "/api/compare", methods: { GET: [] } },
  { path: "/api/compare/export.csv", methods: { GET: [] } },
  { path: "/api/files/[sha256]", methods: { GET: [] } },
  { path: "/api/leaderboard", methods: { GET: [] } },
  { path: "/api/live", methods: { GET: [] } },
  { path: "/api/openapi.json", methods: { GET: [] } },
  // An upload is multipart: one `files` part per file (lib/api/read-upload.ts).
  { path: "/api/runs", methods: { GET: [], POST: ["multipart/form-data"] } },
  { path: "/api/runs/[id]", methods: { GET: [], PATCH: JSON_BODY, DELETE: JSON_BODY } },
  { path: "/api/runs/[id]/baseline", methods: { POST: JSON_BODY } },
  { path: "/api/runs/[id]/export.csv", methods: { GET: [] } },
  { path: "/api/runs/[id]/export.zip", methods: { GET: [] } },
  { path: "/api/runs/[id]/report", methods: { GET: [] } },
  { path: "/api/runs/[id]/reviews", methods: { GET: [], POST: JSON_BODY, DELETE: JSON_BODY } },
  { path: "/api/runs/[id]/rollouts/[rollout]", methods: { GET: [] } },
  { path: "/api/runs/[id]/rollouts/[rollout]/checks", methods: { GET: [] } },
  { path: "/api/runs/[id]/rollouts/[rollout]/image", methods: { GET: [] } },
  { path: "/api/runs/[id]/rollouts/[rollout]/text", methods: { GET: [] } },
  { path: "/api/runs/[id]/rollouts/[rollout]/trace", methods: { GET: [] } },
  { path: "/api/runs/[id]/run.bin", methods: { GET: [] } },
  { path: "/api/runs/[id]/search", methods: { GET: [] } },
  { path: "/api/runs/[id]/tasks/[task]/grid", methods: { GET: [] } },
  { path: "/api/scenarios", methods: { GET: [], POST: JSON_BODY } },
  { path: "/api/scenarios/[name]", methods: { GET: [], PUT: JSON_BODY, DELETE: JSON_BODY } },
  // The sign-in form also posts without JavaScript, as a plain HTML form.
  {
    path: "/api/session",
    methods: {
      POST: ["application/json", "application/x-www-form-urlencoded", "multipart/form-data"],
      DELETE: JSON_BODY,
    },
  },
] as const satisfies readonly TApiRoute[];

/** The path of a route of the table, as the app's folders spell it ("/api/runs/[id]"). */
export type TApiPath = (typeof API_ROUTES)[number]["path"];

/** "/api/runs/x/" → ["api", "runs", "x"]; an empty segment inside ("//") stays, and matches nothing. */
const segmentsOf = (path: string) => path.replace(/\/+$/, "").split("/").slice(1);

/** The route serving a (still percent-encoded) pathname, or null when no API route has that shape. */
export function apiRouteFor(pathname: string): TApiRoute | null {
  const segments = segmentsOf(pathname);
  for (const route of API_ROUTES) {
    const pattern = segmentsOf(route.path);
    if (pattern.length !== segments.length) continue;
    if (pattern.every((p, i) => (p.startsWith("[") ? segments[i] !== "" : p === segments[i]))) return route;
  }
  return null;
}

/** The methods a route answers, as an `Allow` header lists them: HEAD with GET, and OPTIONS always. */
export function allowedMethods(route: TApiRoute): string[] {
  const own = Object.keys(route.methods);
  return [...own, ...(own.includes("GET") ? ["HEAD"] : []), "OPTIONS"];
}
