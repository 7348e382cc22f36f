/**
 * The content security policy: scripts only from this origin or carrying the per-request nonce Next.js puts
 * on its own inline bootstrap scripts, so no inline script from anywhere else (a result file, say) can run.
 * Styles allow inline attributes because the chart library positions elements with style attributes.
 * Workers (the run page scores in one) load from this origin only: a worker script carries no nonce.
 */
export function contentSecurityPolicy(nonce: string, dev: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "worker-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Headers every response carries besides the policy. */
export const SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "same-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
};

/**
 * Policy of a stored file's bytes served to the browser: nothing in them may load, run or be framed. An image
 * shown with <img> is unaffected; the same URL opened on its own renders the picture and nothing else.
 */
export const STORED_FILE_POLICY = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/** Routes answering with a stored file's bytes (lib/api/file-response.ts), under STORED_FILE_POLICY. */
const STORED_FILE_ROUTE = /^\/api\/(files\/[^/]+|runs\/[^/]+\/rollouts\/[^/]+\/image)\/?$/;

/** The policy a response to `pathname` carries: a stored file's, else the page policy. */
export function policyFor(pathname: string, pagePolicy: string): string {
  return STORED_FILE_ROUTE.test(pathname) ? STORED_FILE_POLICY : pagePolicy;
}
