import type { z } from "zod";
import type { TApiPath } from "./api-routes";
import { savedIngestToken } from "./ingest-token";
import { ZApiErrorBody, ZFieldIssues } from "./schemas/common";

/*
 * The one way the pages call the API: every URL built from the route table's paths, the ingest token sent in the
 * Authorization header (never in the URL), answers parsed with the schemas the document is built from, and
 * errors read from the one error shape into one message. Runs in the browser only where it reads the token.
 */

/** The names in brackets of a route path: "/api/runs/[id]/tasks/[task]/grid" → "id" | "task". */
type ParamNames<P extends string> = P extends `${string}[${infer N}]${infer Rest}` ? N | ParamNames<Rest> : never;

/** A query's values; an undefined one is left out. */
export type TQuery = Record<string, string | number | boolean | undefined>;

/**
 * The URL of a route of the table with its parameters encoded as one segment each, and its query. A comma in
 * the query stays readable (`runs=a,b`), as the compare pages write it.
 */
export function apiPath<P extends TApiPath>(
  path: P,
  ...[params, query]: ParamNames<P> extends never
    ? [params?: null, query?: TQuery]
    : [params: Record<ParamNames<P>, string>, query?: TQuery]
): string {
  const filled = path.replace(/\[(\w+)\]/g, (_, name: string) =>
    encodeURIComponent((params as Record<string, string>)[name]!),
  );
  return withQuery(filled, query);
}

/** `url` with `query` added (after any query it already has). */
export function withQuery(url: string, query: TQuery = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString().replace(/%2C/gi, ",");
  return text === "" ? url : `${url}${url.includes("?") ? "&" : "?"}${text}`;
}

/** The Authorization header for a write: the token given, else the one this tab keeps; none without one. */
export function authHeader(token: string | null = savedIngestToken()): Record<string, string> {
  const trimmed = token?.trim() ?? "";
  return trimmed === "" ? {} : { authorization: `Bearer ${trimmed}` };
}

/** How a call went: the parsed answer, or why not in words a page can show. */
export type TApiResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; kind: "unauthorized" | "not-found" | "failed"; status: number; message: string };

export interface TCallInit {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON. */
  json?: unknown;
  /** A write: sends the ingest token this tab keeps, or `token` when given. */
  write?: boolean;
  token?: string;
  cache?: RequestCache;
  signal?: AbortSignal;
}

const UNREACHABLE = "The server could not be reached.";

/** An error answer's message, with its first field issue when it names one ("Invalid scenario. name: …"). */
export async function errorMessage(response: Response): Promise<string> {
  const body = ZApiErrorBody.safeParse(await response.json().catch(() => null));
  if (!body.success) return `The server answered ${response.status}.`;
  const issue = ZFieldIssues.safeParse(body.data.error.details);
  const first = issue.success ? issue.data[0] : undefined;
  return first ? `${body.data.error.message} ${first.path}: ${first.message}.` : body.data.error.message;
}

async function send(url: string, init: TCallInit): Promise<Response> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (init.json !== undefined) headers["content-type"] = "application/json";
  return fetch(url, {
    method: init.method ?? "GET",
    headers: { ...headers, ...(init.write ? authHeader(init.token) : {}) },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
    credentials: "same-origin",
    cache: init.cache,
    signal: init.signal,
  });
}

async function failure(response: Response): Promise<TApiResult<never>> {
  const kind = response.status === 401 ? "unauthorized" : response.status === 404 ? "not-found" : "failed";
  return { ok: false, kind, status: response.status, message: await errorMessage(response) };
}

/** A call whose answer is JSON of `schema`; null for an answer with no body (204). */
export async function apiCall<T>(
  url: string,
  schema: z.ZodType<T> | null,
  init: TCallInit = {},
): Promise<TApiResult<T>> {
  let response: Response;
  try {
    response = await send(url, init);
  } catch {
    return { ok: false, kind: "failed", status: 0, message: UNREACHABLE };
  }
  if (!response.ok) return failure(response);
  if (schema === null) return { ok: true, status: response.status, data: undefined as T };
  const parsed = schema.safeParse(await response.json().catch(() => undefined));
  return parsed.success
    ? { ok: true, status: response.status, data: parsed.data }
    : {
        ok: false,
        kind: "failed",
        status: response.status,
        message: "The server answered with something this page cannot read.",
      };
}

/** A GET whose answer is text (a rollout's whole text). */
export async function apiText(url: string): Promise<TApiResult<string>> {
  return raw(url, (r) => r.text());
}

/** A GET whose answer is bytes (a stored file, the run's columns). */
export async function apiBytes(
  url: string,
  init: { priority?: RequestPriority } = {},
): Promise<TApiResult<ArrayBuffer>> {
  return raw(url, (r) => r.arrayBuffer(), init);
}

async function raw<T>(url: string, read: (r: Response) => Promise<T>, init: RequestInit = {}): Promise<TApiResult<T>> {
  try {
    const response = await fetch(url, { credentials: "same-origin", ...init });
    if (!response.ok) return failure(response);
    return { ok: true, status: response.status, data: await read(response) };
  } catch {
    return { ok: false, kind: "failed", status: 0, message: UNREACHABLE };
  }
}

/** The answer's data, or an Error with its message: for callers that handle failures in a `catch`. */
export function dataOf<T>(result: TApiResult<T>): T {
  if (!result.ok) throw new Error(result.message);
  return result.data;
}
