import type { z } from "zod";
import { apiCall, apiPath, type TApiResult } from "./client";
import { ZLiveRuns } from "./schemas/live";
import { ZBaselineAnswer, ZRunAnswer, type TRunPatch } from "./schemas/runs";
import { ZScenarioAnswer, type ZNewScenario } from "./schemas/scenarios";
import { ZSessionAnswer } from "./schemas/session";
import { ZRolloutAnswer } from "./schemas/rollouts";
import { ZSearchAnswer, type TSearchQuery } from "./schemas/search";
import { ZReviewResponse, type TReviewInput } from "@/lib/scoring/reviews/review-input";

/*
 * The URLs and calls the pages make, each named once and built on lib/api/client.ts. A page links to a download
 * with a URL from here and calls the API through a function from here; neither spells a path.
 */

/** A rollout as the API's paths name it. */
export interface TRolloutRef {
  id: string;
  rollout: string;
}

export const apiUrls = {
  runCsv: (id: string) => apiPath("/api/runs/[id]/export.csv", { id }),
  runZip: (id: string) => apiPath("/api/runs/[id]/export.zip", { id }),
  /** The score report as JSON, under the scenario (its URL parameter's text) when one is given. */
  report: (id: string, scenario?: string | null) =>
    apiPath("/api/runs/[id]/report", { id }, { scenario: scenario || undefined }),
  /** `rollouts` makes the URL differ once rollouts land (tally watch), so a page rendered again loads the grown run. */
  runBinary: (id: string, rollouts?: number) => apiPath("/api/runs/[id]/run.bin", { id }, { rollouts }),
  /** A task's grid pages; `scenario` is the page's scenario parameter. */
  taskGrid: (id: string, task: string, scenario?: string | null) =>
    apiPath("/api/runs/[id]/tasks/[task]/grid", { id, task }, { scenario: scenario || undefined }),
  rolloutChecks: (ref: TRolloutRef, scenario?: string | null) =>
    apiPath("/api/runs/[id]/rollouts/[rollout]/checks", ref, { scenario: scenario || undefined }),
  rolloutTrace: (ref: TRolloutRef) => apiPath("/api/runs/[id]/rollouts/[rollout]/trace", ref),
  rolloutImage: (ref: TRolloutRef) => apiPath("/api/runs/[id]/rollouts/[rollout]/image", ref),
  /** The whole of one of a rollout's texts, or of one of its checks' (by stored order), as text/plain. */
  rolloutText: (ref: TRolloutRef, field: "agentOutput" | "error" | "metadata" | "detail" | "reason", check?: number) =>
    apiPath("/api/runs/[id]/rollouts/[rollout]/text", ref, { field, check }),
  /** A stored raw file by content address; `name` is the download's file name. */
  file: (sha256: string, name: string) => apiPath("/api/files/[sha256]", { sha256 }, { name }),
  /** The compare page's per-task table as CSV. */
  compareCsv: (query: { runs: readonly string[]; a: string; metric?: string | null; scenario?: string | null }) =>
    apiPath("/api/compare/export.csv", null, {
      runs: query.runs.join(","),
      a: query.a,
      metric: query.metric || undefined,
      scenario: query.scenario || undefined,
    }),
  upload: () => apiPath("/api/runs"),
  session: () => apiPath("/api/session"),
};

type TResult<S extends z.ZodType> = Promise<TApiResult<z.infer<S>>>;

export const api = {
  /** The runs `tally watch` keeps live; never from a cache. */
  live: (): TResult<typeof ZLiveRuns> => apiCall(apiPath("/api/live"), ZLiveRuns, { cache: "no-store" }),
  changeRun: (id: string, patch: TRunPatch): TResult<typeof ZRunAnswer> =>
    apiCall(apiPath("/api/runs/[id]", { id }), ZRunAnswer, { method: "PATCH", json: patch, write: true }),
  deleteRun: (id: string): Promise<TApiResult<undefined>> =>
    apiCall(apiPath("/api/runs/[id]", { id }), null, { method: "DELETE", write: true }),
  setBaseline: (id: string, baseline: boolean): TResult<typeof ZBaselineAnswer> =>
    apiCall(apiPath("/api/runs/[id]/baseline", { id }), ZBaselineAnswer, {
      method: "POST",
      json: { baseline },
      write: true,
    }),
  saveScenario: (scenario: z.input<typeof ZNewScenario>): TResult<typeof ZScenarioAnswer> =>
    apiCall(apiPath("/api/scenarios"), ZScenarioAnswer, { method: "POST", json: scenario, write: true }),
  scenario: (name: string): TResult<typeof ZScenarioAnswer> =>
    apiCall(apiPath("/api/scenarios/[name]", { name }), ZScenarioAnswer),
  /** Signs this browser in with the read token, sent in the body and answered with a cookie, never kept. */
  signIn: (token: string, next: string): TResult<typeof ZSessionAnswer> =>
    apiCall(apiPath("/api/session"), ZSessionAnswer, { method: "POST", json: { token, next } }),
  /** A page of a run's trace search; parameters left out take their defaults. */
  searchRun: (id: string, query: Partial<TSearchQuery> & { q: string }): TResult<typeof ZSearchAnswer> =>
    apiCall(apiPath("/api/runs/[id]/search", { id }, query), ZSearchAnswer),
  rollout: (ref: TRolloutRef): TResult<typeof ZRolloutAnswer> =>
    apiCall(apiPath("/api/runs/[id]/rollouts/[rollout]", ref), ZRolloutAnswer),
  /** A review by a person; `token` is the review or ingest token the page was given, if any. */
  postReview: (id: string, review: TReviewInput, token?: string): TResult<typeof ZReviewResponse> =>
    apiCall(apiPath("/api/runs/[id]/reviews", { id }), ZReviewResponse, {
      method: "POST",
      json: review,
      write: true,
      token,
    }),
  signOut: (): TResult<typeof ZSessionAnswer> => apiCall(apiPath("/api/session"), ZSessionAnswer, { method: "DELETE" }),
};
