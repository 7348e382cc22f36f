import { NextResponse, type NextRequest } from "next/server";
import { errorBody, statusOf } from "@/lib/api/errors";
import { hasIngestToken, readGate } from "@/lib/api/read-gate";
import { factsOf, judge, mayCarryToken, type TRefusal } from "@/lib/api/same-origin";
import { legacyCompareLocation } from "@/lib/compare/query";
import { contentSecurityPolicy, policyFor, SECURITY_HEADERS } from "@/lib/api/security-headers";
import { originEnv } from "@/lib/env";

/**
 * Runs before every page and API request: a fresh CSP nonce per request (Next.js reads it from the request's
 * policy header and puts it on its own scripts), and the security headers on every response. The policy set
 * here wins over a route's own, so a route serving a stored file's bytes gets the stored-file policy here.
 *
 * First it refuses, in the API's one error shape, what no route may see (lib/api/same-origin.ts): a Host the
 * server does not have (DNS rebinding), a path that does not decode, a method the path does not answer, a write
 * from another origin's page, an API body of a type its route does not read.
 *
 * When TALLY_READ_TOKEN is set it is also the read gate (lib/api/read-gate.ts): a request without the session
 * cookie or a Bearer token is sent to /sign-in (pages) or answered 401 (the API). Route handlers keep their own
 * token checks as well.
 *
 * Compare URLs in the two-run style (`?a=&b=`) are redirected permanently to the one style (`?runs=`) here, for
 * the page and the API alike: the page streams a skeleton first, too late for a redirect status.
 */
export async function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const policy = contentSecurityPolicy(nonce, process.env.NODE_ENV === "development");
  const refusal = await refusalOf(request);
  if (refusal !== null) return withSecurityHeaders(refused(refusal), policy);
  const gate = await readGate(request);
  const moved = gate.kind === "allow" ? legacyCompareLocation(request.nextUrl) : null;
  let response: NextResponse;
  if (moved !== null) {
    response = NextResponse.redirect(new URL(moved, request.url), 308);
  } else if (gate.kind === "allow") {
    const requestHeaders = new Headers(request.headers);
    requestHeaders.set("x-nonce", nonce);
    requestHeaders.set("Content-Security-Policy", policy);
    response = NextResponse.next({ request: { headers: requestHeaders } });
  } else if (gate.kind === "unauthorized") {
    response = NextResponse.json(gate.body, { status: 401, headers: { "WWW-Authenticate": 'Bearer realm="tally"' } });
  } else {
    // 303 so that a refused POST (a server action, say) becomes a GET of the sign-in page.
    response = NextResponse.redirect(new URL(gate.location, request.url), 303);
  }
  if (gate.kind !== "allow") response.headers.set("Cache-Control", "no-store");
  // A route's answer gets the policy for what it serves; a refusal or redirect from here, the page policy.
  const served = gate.kind === "allow" && moved === null;
  return withSecurityHeaders(response, served ? policyFor(request.nextUrl.pathname, policy) : policy);
}

/** The first rule of lib/api/same-origin.ts the request breaks; an invalid setting refuses everything. */
async function refusalOf(request: NextRequest): Promise<TRefusal | null> {
  const settings = originEnv();
  if (settings === null)
    return { code: "internal", message: "The server's HOST, TALLY_ALLOWED_HOSTS or TALLY_ALLOWED_ORIGINS is invalid." };
  const token = mayCarryToken(request.method, request.headers) && (await hasIngestToken(request.headers));
  return judge(
    factsOf(request.method, request.nextUrl.pathname, request.headers, request.nextUrl.host, token),
    settings,
  );
}

function refused(refusal: TRefusal): NextResponse {
  const response = NextResponse.json(errorBody(refusal.code, refusal.message, refusal.details), {
    status: statusOf(refusal.code),
  });
  for (const [name, value] of Object.entries(refusal.headers ?? {})) response.headers.set(name, value);
  response.headers.set("Cache-Control", "no-store");
  return response;
}

function withSecurityHeaders(response: NextResponse, policy: string): NextResponse {
  response.headers.set("Content-Security-Policy", policy);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.headers.set(name, value);
  return response;
}

export const config = {
  matcher: [{ source: "/((?!_next/static|_next/image|favicon.ico).*)" }],
};
