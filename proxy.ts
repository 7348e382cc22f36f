import { NextResponse, type NextRequest } from "next/server";
import { readGate } from "@/lib/api/read-gate";
import { legacyCompareLocation } from "@/lib/compare/query";
import { contentSecurityPolicy, policyFor, SECURITY_HEADERS } from "@/lib/api/security-headers";

/**
 * Runs before every page and API request: a fresh CSP nonce per request (Next.js reads it from the request's
 * policy header and puts it on its own scripts), and the security headers on every response. The policy set
 * here wins over a route's own, so a route serving a stored file's bytes gets the stored-file policy here.
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
  response.headers.set("Content-Security-Policy", served ? policyFor(request.nextUrl.pathname, policy) : policy);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.headers.set(name, value);
  return response;
}

export const config = {
  matcher: [{ source: "/((?!_next/static|_next/image|favicon.ico).*)" }],
};
