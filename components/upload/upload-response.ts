import { ZApiErrorBody, ZFieldIssues } from "@/lib/api/schemas/common";
import { ZIngestBody, type TIngestBody } from "@/lib/api/schemas/runs";

export type UploadOutcome =
  /** 201 (something stored) or 200 (everything was already stored). */
  | { kind: "done"; body: TIngestBody }
  /** 422 because every file was refused: the per-file report says why. */
  | { kind: "all-rejected"; message: string; body: TIngestBody }
  /** 422 for the form fields (run name too long, say). */
  | { kind: "invalid-fields"; message: string; fields: { path: string; message: string }[] }
  | { kind: "unauthorized"; message: string }
  | { kind: "too-large"; message: string }
  | { kind: "failed"; status: number; message: string }
  /** The request never got an answer (offline, server down, connection cut). */
  | { kind: "network" };

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** What an answer from POST /api/runs means for the page. Never throws: a surprising answer is a failure. */
export function interpretUpload(status: number, text: string): UploadOutcome {
  if (status === 0) return { kind: "network" };
  const json = parseJson(text);
  if (status === 200 || status === 201) {
    const body = ZIngestBody.safeParse(json);
    if (body.success) return { kind: "done", body: body.data };
    return { kind: "failed", status, message: "The server answered with a report this page cannot read." };
  }
  const error = ZApiErrorBody.safeParse(json);
  const message = error.success ? error.data.error.message : `The server answered ${status}.`;
  const details = error.success ? error.data.error.details : undefined;
  if (status === 401) return { kind: "unauthorized", message };
  if (status === 413) return { kind: "too-large", message };
  if (status === 422) {
    const report = ZIngestBody.safeParse(details);
    if (report.success && report.data.rejected.length > 0) return { kind: "all-rejected", message, body: report.data };
    const fields = ZFieldIssues.safeParse(details);
    return { kind: "invalid-fields", message, fields: fields.success ? fields.data : [] };
  }
  return { kind: "failed", status, message };
}
