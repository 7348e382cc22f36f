import { z } from "zod";
import type { TRouteMethod } from "./api-routes";
import { ZCompareAnswer, zCompareUrlQuery } from "./schemas/compare";
import { ZFileParams, ZFileQuery } from "./schemas/files";
import { ZLeaderboardAnswer, ZLeaderboardQuery } from "./schemas/leaderboard";
import { ZLiveRuns } from "./schemas/live";
import { ZReportAnswer, ZReportQuery } from "./schemas/report";
import {
  ZChecksAnswer,
  ZChecksQuery,
  ZImageQuery,
  ZRolloutAnswer,
  ZTextQuery,
  ZTracePageQuery,
} from "./schemas/rollouts";
import { ZTracePageAnswer } from "./schemas/traces";
import { ZSearchAnswer, ZSearchQuery } from "./schemas/search";
import { ZBaselineAnswer, ZBaselineBody, ZIngestBody, ZRunAnswer, ZRunList, ZRunPatch } from "./schemas/runs";
import { ZNewScenario, ZScenarioAnswer, ZScenarioList, ZScenarioPut } from "./schemas/scenarios";
import { ZSessionAnswer, ZSignIn } from "./schemas/session";
import { ZGridAnswer, ZGridQuery } from "./schemas/tasks";
import { ZUploadForm } from "./schemas/upload";
import { ZReviewInput, ZReviewResponse, ZReviewWithdrawal, ZReviewsResponse } from "@/lib/scoring/reviews/review-input";

/*
 * What every API route takes and answers, by the route table's paths and methods: the source of
 * /api/openapi.json (lib/api/openapi.ts) and of the tests that check real answers against it. The schemas are
 * the ones the handlers parse their input with; a path parameter not listed here is any one segment.
 */

/** An answer: JSON with its schema, or another media type (a download, bytes, text, nothing). */
export type TAnswer = { description: string } & ({ json: z.ZodType } | { media: string } | { empty: true });

export interface TOperation {
  summary: string;
  params?: z.ZodObject;
  query?: z.ZodType;
  /** The body, in each media type the route table lists for the method. */
  body?: z.ZodType;
  /** By status; every operation also answers errors in the one error shape. */
  answers: Record<number, TAnswer>;
  /** Writes need the ingest token when one is set. */
  write?: true;
}

const json = (schema: z.ZodType, description: string): TAnswer => ({ json: schema, description });
const noContent: TAnswer = { empty: true, description: "Done; no body." };
/** The body of a DELETE: none is needed; an empty JSON object is read as none. */
export const NO_BODY = z.object({}).describe("No fields; the body may be left out.");

export const OPERATIONS: Record<string, Partial<Record<TRouteMethod, TOperation>>> = {
  "/api/openapi.json": {
    GET: {
      summary: "This document: every route with what it takes and answers.",
      answers: { 200: json(z.looseObject({ openapi: z.string() }), "The OpenAPI 3.1 document.") },
    },
  },
  "/api/compare": {
    GET: {
      summary: "Two stored runs compared under a scenario (the `tally compare --json` body).",
      query: zCompareUrlQuery(2),
      answers: { 200: json(ZCompareAnswer, "The comparison.") },
    },
  },
  "/api/compare/export.csv": {
    GET: {
      summary: "The compare page's per-task table as CSV, one row per (task, candidate).",
      query: zCompareUrlQuery(),
      answers: { 200: { media: "text/csv", description: "An attachment." } },
    },
  },
  "/api/files/[sha256]": {
    GET: {
      summary: "An ingested file's bytes by sha256, always as an octet-stream download.",
      params: ZFileParams,
      query: ZFileQuery,
      answers: { 200: { media: "application/octet-stream", description: "An attachment." } },
    },
  },
  "/api/leaderboard": {
    GET: {
      summary: "A leaderboard of several runs: headlines, rank intervals, differences to the leader, ties.",
      query: ZLeaderboardQuery,
      answers: { 200: json(ZLeaderboardAnswer, "The leaderboard (the `tally leaderboard --json` body).") },
    },
  },
  "/api/live": {
    GET: {
      summary: "The runs `tally watch` keeps live, with their rollout counts.",
      answers: { 200: json(ZLiveRuns, "The live runs.") },
    },
  },
  "/api/runs": {
    GET: { summary: "Every stored run.", answers: { 200: json(ZRunList, "The runs, newest first.") } },
    POST: {
      summary: "Ingests a batch of files; the answer reports each file (stored, duplicate, rejected with why).",
      body: ZUploadForm,
      write: true,
      answers: {
        201: json(ZIngestBody, "Something was stored."),
        200: json(ZIngestBody, "Everything was already stored."),
      },
    },
  },
  "/api/runs/[id]": {
    GET: { summary: "A stored run's metadata and summary.", answers: { 200: json(ZRunAnswer, "The run.") } },
    PATCH: {
      summary: "Renames the run and/or replaces its tags.",
      body: ZRunPatch,
      write: true,
      answers: { 200: json(ZRunAnswer, "The changed run.") },
    },
    DELETE: {
      summary: "Removes the run, its rollouts and the raw files only it held.",
      body: NO_BODY,
      write: true,
      answers: { 204: noContent },
    },
  },
  "/api/runs/[id]/baseline": {
    POST: {
      summary: "Marks (or unmarks) the one baseline run.",
      body: ZBaselineBody,
      write: true,
      answers: { 200: json(ZBaselineAnswer, "The run and whether it is the baseline now.") },
    },
  },
  "/api/runs/[id]/export.csv": {
    GET: {
      summary: "Every rollout with its checks, one CSV row per (rollout, check).",
      answers: { 200: { media: "text/csv", description: "An attachment." } },
    },
  },
  "/api/runs/[id]/export.zip": {
    GET: {
      summary: "The run as a static site that opens from file:// without Tally.",
      answers: { 200: { media: "application/zip", description: "An attachment." } },
    },
  },
  "/api/runs/[id]/report": {
    GET: {
      summary:
        "The score report, optionally under a what-if scenario, whole (413 past 100,000 rollouts), without its " +
        "lists, or a page of one.",
      query: ZReportQuery.and(z.object({ scenario: z.string().optional() })),
      answers: { 200: json(ZReportAnswer, "The report, its summary (`rollouts=0`) or a page (`list=`).") },
    },
  },
  "/api/runs/[id]/search": {
    GET: {
      summary:
        "The run's rollouts whose trace steps match words, a phrase or a regular expression, with the matching steps.",
      query: ZSearchQuery,
      answers: {
        200: json(ZSearchAnswer, "A page of matching rollouts, each with its first matching steps and snippets."),
      },
    },
  },
  "/api/runs/[id]/reviews": {
    GET: {
      summary: "Every review of the run's verdicts, withdrawals included, oldest first.",
      answers: { 200: json(ZReviewsResponse, "The reviews.") },
    },
    POST: {
      summary: "A person's review of one verdict; the stored verdict never changes.",
      body: ZReviewInput,
      answers: { 201: json(ZReviewResponse, "The review as stored.") },
      write: true,
    },
    DELETE: {
      summary: "Marks the reviewer's review of a verdict withdrawn; nothing is erased.",
      body: ZReviewWithdrawal,
      answers: { 200: json(ZReviewResponse, "The withdrawal as stored.") },
      write: true,
    },
  },
  "/api/runs/[id]/rollouts/[rollout]": {
    GET: {
      summary: "A rollout with its checks, each with its evidence resolved against the trace.",
      answers: { 200: json(ZRolloutAnswer, "The rollout.") },
    },
  },
  "/api/runs/[id]/rollouts/[rollout]/checks": {
    GET: {
      summary: "A page of the rollout's checks with their verdicts under the scenario.",
      query: ZChecksQuery,
      answers: { 200: json(ZChecksAnswer, "The page.") },
    },
  },
  "/api/runs/[id]/rollouts/[rollout]/image": {
    GET: {
      summary: "One of the rollout's files: as its image type when it is PNG, JPEG, GIF or WebP, else a download.",
      query: ZImageQuery,
      answers: { 200: { media: "image/*", description: "The image, or an octet-stream attachment." } },
    },
  },
  "/api/runs/[id]/rollouts/[rollout]/text": {
    GET: {
      summary: "One whole text of the rollout or of one of its checks; 413 past 10 MiB unless download=1.",
      query: ZTextQuery,
      answers: { 200: { media: "text/plain", description: "The text, UTF-8." } },
    },
  },
  "/api/runs/[id]/rollouts/[rollout]/trace": {
    GET: {
      summary: "A page of the rollout's trace steps, with the checks citing them.",
      query: ZTracePageQuery,
      answers: { 200: json(ZTracePageAnswer, "The page; `status` says whether the trace was read.") },
    },
  },
  "/api/runs/[id]/run.bin": {
    GET: {
      summary: "The whole run as binary columns, what the run page's worker scores; ETag on the run's version.",
      answers: {
        200: { media: "application/octet-stream", description: "The run's columns." },
        304: { empty: true, description: "The copy the browser holds is current." },
      },
    },
  },
  "/api/runs/[id]/tasks/[task]/grid": {
    GET: {
      summary: "A page of a task's checks × rollouts grid under the scenario.",
      query: ZGridQuery,
      answers: { 200: json(ZGridAnswer, "The page.") },
    },
  },
  "/api/scenarios": {
    GET: { summary: "Every saved scenario.", answers: { 200: json(ZScenarioList, "The scenarios, by name.") } },
    POST: {
      summary: "Saves a named scenario; 409 when the name is taken.",
      body: ZNewScenario,
      write: true,
      answers: { 201: json(ZScenarioAnswer, "The saved scenario.") },
    },
  },
  "/api/scenarios/[name]": {
    GET: { summary: "A saved scenario.", answers: { 200: json(ZScenarioAnswer, "The scenario.") } },
    PUT: {
      summary: "Renames or changes a saved scenario; declaring it undeclares any other.",
      body: ZScenarioPut,
      write: true,
      answers: { 200: json(ZScenarioAnswer, "The stored scenario.") },
    },
    DELETE: { summary: "Deletes a saved scenario.", body: NO_BODY, write: true, answers: { 204: noContent } },
  },
  "/api/session": {
    POST: {
      summary: "Signs a browser in with the read token: a session cookie, never the token.",
      body: ZSignIn,
      answers: {
        200: json(ZSessionAnswer, "Signed in (or nothing needs signing in)."),
        303: { empty: true, description: "A form post: where to go next." },
      },
    },
    DELETE: {
      summary: "Signs out: clears the session cookie.",
      body: NO_BODY,
      answers: { 200: json(ZSessionAnswer, "Signed out.") },
    },
  },
};

/** The JSON schema of an answer, or null when that answer is not JSON; throws for an undescribed one. */
export function answerSchema(path: string, method: TRouteMethod, status: number): z.ZodType | null {
  const answer = OPERATIONS[path]?.[method]?.answers[status];
  if (!answer) throw new Error(`lib/api/operations.ts has no ${status} answer for ${method} ${path}.`);
  return "json" in answer ? answer.json : null;
}
