import type { ApiErrorBody } from "./errors";

/**
 * The read gate: when TALLY_READ_TOKEN is set, every page and every API request needs either
 * `Authorization: Bearer <TALLY_READ_TOKEN or TALLY_INGEST_TOKEN>` or the session cookie that POST /api/session
 * sets after a sign-in. The cookie holds HMAC-SHA256(read token, "tally-session") in hex, never the token, so it
 * stops working as soon as the token changes.
 *
 * Web Crypto only (no node:crypto, no Buffer), so the proxy can run this on the Node.js or the edge runtime.
 * Reads process.env directly rather than lib/env: the proxy must not throw over an unrelated variable.
 */

export const SESSION_COOKIE = "tally-session";
const SESSION_MESSAGE = "tally-session";
/** How long a browser keeps the session cookie; it stops working earlier if the read token changes. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

const encoder = new TextEncoder();

function configured(name: "TALLY_READ_TOKEN" | "TALLY_INGEST_TOKEN"): string | undefined {
  const value = process.env[name];
  return value === undefined || value === "" ? undefined : value;
}

/** The read token when the server has one: the gate is closed only then. */
export function readToken(): string | undefined {
  return configured("TALLY_READ_TOKEN");
}

function hex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The session cookie's value for a token: HMAC-SHA256(token, "tally-session") as lowercase hex. */
export async function sessionValue(token: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(token), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return hex(await crypto.subtle.sign("HMAC", key, encoder.encode(SESSION_MESSAGE)));
}

/**
 * Compares two secrets in time that depends on neither: both are hashed to 32 bytes first (so their lengths do
 * not leak either), then every byte is compared.
 */
export async function safeEqual(given: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([
    crypto.subtle.digest("SHA-256", encoder.encode(given)),
    crypto.subtle.digest("SHA-256", encoder.encode(expected)),
  ]);
  const x = new Uint8Array(a);
  const y = new Uint8Array(b);
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= x[i]! ^ y[i]!;
  return diff === 0;
}

function bearer(headers: Headers): string | null {
  const match = headers.get("authorization")?.match(/^Bearer\s+(.+)$/i);
  return match?.[1]?.trim() ?? headers.get("x-tally-token");
}

function cookie(request: Request, name: string): string | null {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** Whether a token is one that may read: the read token or the ingest token. */
export async function isReadToken(given: string): Promise<boolean> {
  const read = readToken();
  if (read === undefined) return true;
  const ingest = configured("TALLY_INGEST_TOKEN");
  // Both comparisons always run, so the answer's timing does not say which token matched.
  const [isRead, isIngest] = await Promise.all([
    safeEqual(given, read),
    ingest === undefined ? false : safeEqual(given, ingest),
  ]);
  return isRead || isIngest;
}

/**
 * Whether the request carries the configured ingest token in a header (`Authorization: Bearer`, `X-Tally-Token`).
 * False when no ingest token is set: then no header is a credential.
 */
export async function hasIngestToken(headers: Headers): Promise<boolean> {
  const ingest = configured("TALLY_INGEST_TOKEN");
  const token = bearer(headers);
  return ingest !== undefined && token !== null && token !== "" && (await safeEqual(token, ingest));
}

/** Whether the request may read: always when no read token is set; else a Bearer token or the session cookie. */
export async function hasReadAccess(request: Request): Promise<boolean> {
  const read = readToken();
  if (read === undefined) return true;
  const token = bearer(request.headers);
  if (token && (await isReadToken(token))) return true;
  const session = cookie(request, SESSION_COOKIE);
  return session !== null && (await safeEqual(session, await sessionValue(read)));
}

/**
 * The `next` parameter made safe: only a same-site path ("/runs/x?y=1"), never "//host", "/\\host", a scheme or
 * the sign-in page itself; anything else becomes "/". Stops the sign-in page from being an open redirect.
 */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return "/";
  // Control characters and backslashes are refused outright: browsers strip or reinterpret them.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return "/";
  const base = "http://tally.invalid";
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return "/";
  }
  if (url.origin !== base) return "/";
  if (url.pathname === "/sign-in" || url.pathname.startsWith("/sign-in/")) return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Paths that stay open with a read token set: the sign-in page and its API, Next's assets, the icon. */
export function isOpenPath(pathname: string): boolean {
  if (pathname === "/sign-in" || pathname === "/api/session") return true;
  if (pathname.startsWith("/_next/") || pathname.startsWith("/__nextjs")) return true;
  // Top-level files such as /icon.svg (app/icon.svg), /favicon.ico or anything in public/: no page or API has
  // a dot in a top-level segment.
  return /^\/[\w-]+(?:\.[\w-]+)*\.(?:svg|ico|png|jpg|jpeg|gif|webp|txt|webmanifest|xml)$/i.test(pathname);
}

export const UNAUTHORIZED_MESSAGE =
  "This server requires a read token: send Authorization: Bearer <TALLY_READ_TOKEN>, or sign in at /sign-in.";

export type TGateDecision =
  { kind: "allow" } | { kind: "unauthorized"; body: ApiErrorBody } | { kind: "sign-in"; location: string };

/**
 * What the proxy does with a request: let it through, answer 401 in the API's one error shape (anything under
 * /api/), or send a browser to /sign-in?next=<the path it asked for>.
 */
export async function readGate(request: Request): Promise<TGateDecision> {
  const url = new URL(request.url);
  if (readToken() === undefined || isOpenPath(url.pathname) || (await hasReadAccess(request))) return { kind: "allow" };
  if (url.pathname === "/api" || url.pathname.startsWith("/api/")) {
    return { kind: "unauthorized", body: { error: { code: "unauthorized", message: UNAUTHORIZED_MESSAGE } } };
  }
  const next = safeNext(`${url.pathname}${url.search}`);
  return {
    kind: "sign-in",
    location: next === "/" ? "/sign-in" : `/sign-in?${new URLSearchParams({ next }).toString()}`,
  };
}
