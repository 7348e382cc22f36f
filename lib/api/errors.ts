import { NextResponse } from "next/server";
import type { ZodError } from "zod";
import { errorBody, statusOf, type ApiErrorBody, type ApiErrorCode } from "./error-shape";

export { errorBody, statusOf, type ApiErrorBody, type ApiErrorCode } from "./error-shape";

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
    return NextResponse.json(errorBody(error.code, error.message, error.details), { status: statusOf(error.code) });
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
