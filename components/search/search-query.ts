import { ZSearchQuery, type TSearchQuery } from "@/lib/api/schemas/search";

/*
 * The search page's URL state: the API's query parameters, read from the page's search parameters (empty fields
 * the form sends are left out, other parameters ignored) and written back for links.
 */

const KEYS = ["q", "mode", "tool", "errors", "source", "page", "limit"] as const;

export type PageQuery =
  { kind: "none" } | { kind: "query"; query: TSearchQuery } | { kind: "invalid"; message: string };

/** The search a page URL asks for: none without a query, else the parsed query or why it cannot be read. */
export function readSearchParams(params: Record<string, string | string[] | undefined>): PageQuery {
  const picked: Record<string, string> = {};
  for (const key of KEYS) {
    const value = params[key];
    const text = Array.isArray(value) ? value[0] : value;
    if (text !== undefined && text.trim() !== "") picked[key] = text;
  }
  if (picked.q === undefined) return { kind: "none" };
  const parsed = ZSearchQuery.safeParse(picked);
  if (parsed.success) return { kind: "query", query: parsed.data };
  const issue = parsed.error.issues[0]!;
  return { kind: "invalid", message: `${issue.path.join(".") || "query"}: ${issue.message}` };
}

/** The URL query (no "?") of a search, defaults left out. */
export function writeSearchParams(query: Partial<TSearchQuery>): string {
  const out = new URLSearchParams();
  if (query.q) out.set("q", query.q);
  if (query.mode && query.mode !== "words") out.set("mode", query.mode);
  if (query.tool) out.set("tool", query.tool);
  if (query.errors === "1") out.set("errors", "1");
  if (query.source) out.set("source", query.source);
  if (query.page && query.page > 1) out.set("page", String(query.page));
  if (query.limit && query.limit !== 20) out.set("limit", String(query.limit));
  return out.toString();
}
