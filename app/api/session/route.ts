import { NextResponse } from "next/server";
import { ApiError, handle, zodDetails } from "@/lib/api/errors";
import { ZSignIn } from "@/lib/api/schemas/session";
import {
  isReadToken,
  readToken,
  safeNext,
  SESSION_COOKIE,
  SESSION_MAX_AGE_SECONDS,
  sessionValue,
} from "@/lib/api/read-gate";

export const dynamic = "force-dynamic";

/** Secure only over HTTPS (directly or behind a proxy that says so), so the cookie also works on plain localhost. */
function isHttps(request: Request): boolean {
  const forwarded = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  return forwarded === "https" || new URL(request.url).protocol === "https:";
}

function setSession(response: NextResponse, request: Request, value: string, maxAge: number): NextResponse {
  response.cookies.set({
    name: SESSION_COOKIE,
    value,
    httpOnly: true,
    sameSite: "strict",
    secure: isHttps(request),
    path: "/",
    maxAge,
  });
  response.headers.set("Cache-Control", "no-store");
  return response;
}

/**
 * A 303 to a path of this server (`safeNext` made it one), written relative: the browser resolves it against the
 * address it used, so it stays right behind a proxy, whatever Host and port the server itself saw.
 */
function seeOther(path: string): NextResponse {
  return new NextResponse(null, { status: 303, headers: { Location: path } });
}

/** A plain HTML form post (no JavaScript) is answered with redirects; everything else with JSON. */
function isFormPost(request: Request): boolean {
  const type = request.headers.get("content-type")?.toLowerCase() ?? "";
  return type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data");
}

/** The `next` field of a sign-in body when it is a string of at most 2,048 characters. */
function nextOf(body: unknown): string | undefined {
  const next = typeof body === "object" && body !== null ? (body as Record<string, unknown>).next : undefined;
  return typeof next === "string" && next.length <= 2048 ? next : undefined;
}

async function readBody(request: Request): Promise<unknown> {
  if (isFormPost(request)) {
    const form = await request.formData().catch(() => {
      throw new ApiError("malformed", "The form could not be read.");
    });
    return Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string"));
  }
  return request.json().catch(() => {
    throw new ApiError("malformed", 'Send JSON: {"token": "<TALLY_READ_TOKEN>"}.');
  });
}

/**
 * Signs a browser in: POST {"token"} with the read token (or the ingest token). 200 and an HttpOnly,
 * SameSite=Strict session cookie holding HMAC-SHA256(read token, "tally-session"), never the token; 401 when the
 * token is wrong. The token is never logged or echoed. Without TALLY_READ_TOKEN nothing needs signing in: 200,
 * no cookie.
 */
export const POST = handle(async (request: Request) => {
  const form = isFormPost(request);
  const body = await readBody(request);
  const parsed = ZSignIn.safeParse(body);
  // Read apart from the token: a form sent without one still says where to go once signed in.
  const next = safeNext(nextOf(body));
  const read = readToken();
  if (read === undefined) {
    return form ? seeOther(next) : NextResponse.json({ signedIn: true, required: false });
  }
  const signInAgain = (error: string) =>
    seeOther(`/sign-in?${new URLSearchParams({ error, ...(next === "/" ? {} : { next }) }).toString()}`);
  if (!parsed.success) {
    if (form) return signInAgain("missing");
    throw new ApiError("invalid", "Enter the token.", zodDetails(parsed.error));
  }
  if (!(await isReadToken(parsed.data.token))) {
    if (form) return signInAgain("rejected");
    throw new ApiError(
      "unauthorized",
      "That token was not accepted. Use the server's TALLY_READ_TOKEN (or TALLY_INGEST_TOKEN).",
    );
  }
  const response = form ? seeOther(next) : NextResponse.json({ signedIn: true, required: true });
  return setSession(response, request, await sessionValue(read), SESSION_MAX_AGE_SECONDS);
});

/** Signs out: clears the session cookie. Always 200. */
export const DELETE = handle(async (request: Request) => {
  return setSession(NextResponse.json({ signedIn: false }), request, "", 0);
});
