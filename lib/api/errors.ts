import { NextResponse } from "next/server";
import type { ZodError } from "zod";

/** The one error shape of the HTTP API (docs/architecture.md#errors): `{"error": {"code", "message", "details"}}`. */
export interface ApiErrorBody {
  error: { code: string; message: string; details?: unknown };
}

const STATUS = {
  malformed: 400,
  unauthorized: 401,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  invalid: 422,
  internal: 500,
} as const;

export type ApiErrorCode = keyof typeof STATUS;

export class ApiError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export function zodDetails(error: ZodError): { path: string; message: string }[] {
  return error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
}

/** Maps any thrown value to the error shape; unexpected errors become a generic 500, never a leaked message. */
export function errorResponse(error: unknown): NextResponse<ApiErrorBody> {
  if (error instanceof ApiError) {
    const body: ApiErrorBody = {
      error: {
        code: error.code,
        message: error.message,
        ...(error.details === undefined ? {} : { details: error.details }),
      },
    };
    return NextResponse.json(body, { status: STATUS[error.code] });
  }
  console.error("tally api: unexpected error", error);
  return NextResponse.json(
    { error: { code: "internal", message: "Internal error; the server log has the details." } },
    { status: 500 },
  );
}

/** Wraps a route handler so every failure leaves through errorResponse. */
export function handle<A extends unknown[]>(fn: (...args: A) => Promise<Response>) {
  return async (...args: A): Promise<Response> => {
    try {
      return await fn(...args);
    } catch (error) {
      return errorResponse(error);
    }
  };
}
