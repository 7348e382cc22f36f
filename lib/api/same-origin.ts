import type { TOriginEnv } from "@/lib/env";
import { allowedMethods, apiRouteFor, BODY_METHODS, type TBodyMethod } from "./api-routes";
import type { ApiErrorCode } from "./error-shape";
import { isIpLiteral, isLoopbackName, isWildcardAddress, parseHost, parseOrigin } from "./host-names";

/*
 * What a request must be before any route sees it, as pure functions of its method, path and headers (`judge`).
 * proxy.ts applies them to every request Next.js routes. `tally serve` applies them once more in front of
 * Next.js (lib/cli/app-server.ts), for what never reaches the proxy in the API's shape: methods such as TRACE
 * (Next.js cannot build a request for them), paths that do not decode, Next.js's static files.
 *
 * 1. Host. A browser sends the name in its address bar as Host. A page of an attacker's name that DNS points at
 *    this server afterwards (DNS rebinding) is same-origin with it as far as the browser knows, so a name
 *    the server was not told it has is refused, for reads too. Accepted: the loopback names, the bound
 *    address (any IP literal when bound to a wildcard address), and TALLY_ALLOWED_HOSTS. Ports are not
 *    compared: only the name can be an attacker's, and a tunnel or proxy may front the server on another port.
 * 2. Writes come from this server's own pages. A browser sends Origin on every POST, PUT, PATCH and DELETE, and
 *    Sec-Fetch-Site to HTTPS and loopback servers; a page can set neither. A write passes when Sec-Fetch-Site says
 *    same-origin, when Origin is the scheme and Host the request was sent with, or is in
 *    TALLY_ALLOWED_ORIGINS. A request with neither header comes from no browser (the CLI, curl, a script):
 *    only the token rules of its route judge it. A request with the configured ingest token in a header
 *    passes too: a header is not sent by a browser on its own (no ambient credential), and a page of another
 *    origin cannot add one without a CORS preflight this server never grants.
 * 3. The API reads the body types it names (lib/api/api-routes.ts): JSON routes refuse `text/plain`, the type
 *    a page of another origin can send without a preflight.
 */

export type TOriginSettings = TOriginEnv;

export interface TRequestFacts {
  method: string;
  /** The path as sent: still percent-encoded. */
  pathname: string;
  /** The Host header; null when absent (no HTTP/1.1 client omits it). */
  host: string | null;
  /** The host the request was addressed to: the Host header, else the request URL's. */
  target: string;
  origin: string | null;
  secFetchSite: string | null;
  contentType: string | null;
  contentLength: string | null;
  transferEncoding: string | null;
  /** A server action's POST to a page (the Next-Action header). */
  serverAction: boolean;
  /** The request carries the configured ingest token in a header (lib/api/read-gate.ts, hasIngestToken). */
  ingestToken: boolean;
}

export interface TRefusal {
  code: ApiErrorCode;
  message: string;
  details?: unknown;
  headers?: Record<string, string>;
}

/** The methods a browser or client may send that change nothing. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Every method some route or page answers; anything else is refused 405 wherever it is sent. */
const KNOWN_METHODS = new Set([...SAFE_METHODS, ...BODY_METHODS]);

const isApiPath = (pathname: string) => pathname === "/api" || pathname.startsWith("/api/");
const isNextInternal = (pathname: string) => pathname.startsWith("/_next/") || pathname.startsWith("/__nextjs");
/** A header value quoted in a message: bounded, so a huge header does not make a huge answer. */
const quoted = (value: string) => JSON.stringify(value.length > 200 ? `${value.slice(0, 200)}…` : value);

/** The path of a request target as sent (`/a%2Fb?x` → `/a%2Fb`; an absolute-form target's path). */
export function pathOf(target: string): string {
  if (target.startsWith("/")) return target.split(/[?#]/, 1)[0]!;
  try {
    return new URL(target).pathname;
  } catch {
    return "/";
  }
}

/**
 * The facts the rules read. `pathname` as sent; `urlHost` stands in for a missing Host header in the origin
 * comparison; `ingestToken`: whether the headers carry the configured ingest token (read-gate's hasIngestToken).
 */
export function factsOf(
  method: string,
  pathname: string,
  headers: Headers,
  urlHost: string,
  ingestToken: boolean,
): TRequestFacts {
  const host = headers.get("host");
  return {
    method: method.toUpperCase(),
    pathname,
    host,
    target: host ?? urlHost,
    origin: headers.get("origin"),
    secFetchSite: headers.get("sec-fetch-site"),
    contentType: headers.get("content-type"),
    contentLength: headers.get("content-length"),
    transferEncoding: headers.get("transfer-encoding"),
    serverAction: headers.has("next-action"),
    ingestToken,
  };
}

/** Whether a write may carry the ingest token past the origin rule: an unsafe method with a token header. */
export function mayCarryToken(method: string, headers: Headers): boolean {
  return !SAFE_METHODS.has(method.toUpperCase()) && (headers.has("authorization") || headers.has("x-tally-token"));
}

/** Rule 1: a Host this server was not told it has is refused (DNS rebinding). */
export function hostRefusal(hostHeader: string | null, settings: TOriginSettings): TRefusal | null {
  if (hostHeader === null) return null;
  const host = parseHost(hostHeader);
  if (host !== null && hostAllowed(host.hostname, host.host, settings)) return null;
  return {
    code: "forbidden",
    message:
      `This server does not answer to the host ${quoted(hostHeader)}: it answers to its own address and ` +
      "localhost. If that is its name, add it to TALLY_ALLOWED_HOSTS.",
    details: { host: hostHeader },
  };
}

function hostAllowed(hostname: string, host: string, settings: TOriginSettings): boolean {
  if (isLoopbackName(hostname)) return true;
  const bound = parseHost(settings.HOST);
  if (bound !== null) {
    if (isWildcardAddress(bound.hostname) ? isIpLiteral(hostname) : bound.hostname === hostname) return true;
  }
  return settings.TALLY_ALLOWED_HOSTS.some((allowed) => allowed === host || allowed === hostname);
}

/** A path with a percent-escape that does not decode (`%ZZ`, a broken UTF-8 sequence): 400. */
export function pathRefusal(pathname: string): TRefusal | null {
  for (const segment of pathname.split("/")) {
    try {
      decodeURIComponent(segment);
    } catch {
      return {
        code: "malformed",
        message: "The path has a malformed percent-escape: encode each segment with encodeURIComponent.",
      };
    }
  }
  return null;
}

/**
 * A method the path does not answer: 405 with `Allow`. API routes answer what api-routes.ts lists; pages answer
 * GET and HEAD (and a server action's POST); a path no API route has, and Next.js's own, are left to Next.js.
 */
export function methodRefusal(method: string, pathname: string, serverAction = false): TRefusal | null {
  const route = isApiPath(pathname) ? apiRouteFor(pathname) : null;
  if (route !== null) {
    const allowed = allowedMethods(route);
    return allowed.includes(method) ? null : notAllowed(method, route.path, allowed);
  }
  if (isApiPath(pathname) || isNextInternal(pathname))
    return KNOWN_METHODS.has(method) ? null : notAllowed(method, "This path", ["GET", "HEAD"]);
  if (method === "GET" || method === "HEAD" || (method === "POST" && serverAction)) return null;
  return notAllowed(method, "A page", ["GET", "HEAD"]);
}

function notAllowed(method: string, what: string, allowed: string[]): TRefusal {
  return {
    code: "method_not_allowed",
    message: `${what} answers ${allowed.join(", ")}, not ${method.slice(0, 20)}.`,
    details: { allowed },
    headers: { Allow: allowed.join(", ") },
  };
}

/** Rule 2: a write from a page of another origin is refused unless that origin is allowed or a token is sent. */
export function originRefusal(facts: TRequestFacts, settings: TOriginSettings): TRefusal | null {
  if (SAFE_METHODS.has(facts.method)) return null;
  const site = facts.secFetchSite?.trim().toLowerCase() ?? null;
  if (site === "same-origin") return null;
  if (facts.origin === null && site === null) return null;
  const origin = facts.origin === null ? null : parseOrigin(facts.origin);
  if (origin !== null) {
    const url = new URL(origin);
    const own = parseHost(url.host, url.protocol === "https:" ? "https:" : "http:");
    const target = parseHost(facts.target, url.protocol === "https:" ? "https:" : "http:");
    if (own !== null && target !== null && own.host === target.host) return null;
    if (settings.TALLY_ALLOWED_ORIGINS.includes(origin)) return null;
  }
  if (facts.ingestToken) return null;
  return {
    code: "forbidden",
    message:
      `A change must come from this server's own pages, and this request came from ` +
      `${facts.origin === null ? "a page of another site" : quoted(facts.origin)}. ` +
      "Scripts send no Origin; another site's pages need to be listed in TALLY_ALLOWED_ORIGINS.",
    details: { origin: facts.origin, secFetchSite: facts.secFetchSite },
  };
}

/** Rule 3: an API write whose body is not a type its route reads (JSON unless api-routes.ts says otherwise). */
export function bodyTypeRefusal(facts: TRequestFacts): TRefusal | null {
  if (!isApiPath(facts.pathname) || !(BODY_METHODS as readonly string[]).includes(facts.method)) return null;
  const route = apiRouteFor(facts.pathname);
  const accepted = route?.methods[facts.method as TBodyMethod] ?? ["application/json"];
  const type = facts.contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (type === "") {
    const hasBody = facts.transferEncoding !== null || Number(facts.contentLength ?? "0") > 0;
    if (!hasBody) return null;
  } else if (accepted.includes(type)) return null;
  return {
    code: "unsupported_media_type",
    message:
      `${facts.method} ${route?.path ?? facts.pathname} reads ${accepted.join(" or ")}, ` +
      `not ${type === "" ? "a body without a Content-Type" : quoted(type)}.`,
    details: { accepted },
  };
}

/** Every rule in order (Host, path, method, origin, body type): the first refusal, or null to let it through. */
export function judge(facts: TRequestFacts, settings: TOriginSettings): TRefusal | null {
  return (
    hostRefusal(facts.host, settings) ??
    pathRefusal(facts.pathname) ??
    methodRefusal(facts.method, facts.pathname, facts.serverAction) ??
    originRefusal(facts, settings) ??
    bodyTypeRefusal(facts)
  );
}
