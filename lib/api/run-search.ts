import type { Store } from "@/lib/store/store";
import { searchRunTraces, SearchQueryError, traceSearchQuery, type TraceSearchResult } from "@/lib/views/trace-search";
import { ApiError } from "./errors";
import type { TSearchQuery } from "./schemas/search";

/** A run's trace search for a parsed query: not_found for an unknown run, invalid for a query that cannot run. */
export async function runSearch(store: Store, runId: string, query: TSearchQuery): Promise<TraceSearchResult> {
  try {
    const result = await searchRunTraces(store, runId, traceSearchQuery(query));
    if (!result) throw new ApiError("not_found", `No run with id "${runId}".`);
    return result;
  } catch (error) {
    if (error instanceof SearchQueryError)
      throw new ApiError("invalid", error.message, [{ path: error.field, message: error.message }]);
    throw error;
  }
}
