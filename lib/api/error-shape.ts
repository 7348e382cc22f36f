/*
 * The one error shape of the HTTP API and its codes, with no framework import, so the server in front of
 * Next.js (lib/cli/app-server.ts) answers in it too. Route handlers use lib/api/errors.ts.
 */

/** The one error shape of the HTTP API (docs/architecture.md#errors): `{"error": {"code", "message", "details"}}`. */
export interface ApiErrorBody {
  error: { code: string; message: string; details?: unknown };
}

const STATUS = {
  malformed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  too_large: 413,
  unsupported_media_type: 415,
  invalid: 422,
  internal: 500,
} as const;

export type ApiErrorCode = keyof typeof STATUS;

/** The HTTP status an error code is answered with. */
export function statusOf(code: ApiErrorCode): number {
  return STATUS[code];
}

/** The body of an error in the one shape; `details` is left out when there are none. */
export function errorBody(code: ApiErrorCode, message: string, details?: unknown): ApiErrorBody {
  return { error: { code, message, ...(details === undefined ? {} : { details }) } };
}
