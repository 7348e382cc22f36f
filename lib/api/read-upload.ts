import type { InputFile } from "@/lib/formats/types";
import { env } from "@/lib/env";
import { RunDeletedError } from "@/lib/ingest/ingest-files";
import { IngestLimitError } from "@/lib/ingest/limits";
import { ApiError } from "./errors";

/** A file's path in an upload (a folder upload sends each file's relative path): stored and shown, so bounded. */
const MAX_PART_NAME = 1024;

/**
 * Reads a multipart upload (`files` fields; a folder upload names each part with its relative path) with
 * the size limit checked before and while reading. Text fields: run, agent, model, format, baseline, series, tags
 * (several `tags` fields are joined as one comma-separated list; any other field given twice keeps the last).
 */
export async function readUpload(request: Request): Promise<{ files: InputFile[]; fields: Record<string, string> }> {
  const max = env().TALLY_MAX_UPLOAD_BYTES;
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > max)
    throw new ApiError(
      "too_large",
      `Upload of ${declared} bytes exceeds the limit of ${max} bytes (TALLY_MAX_UPLOAD_BYTES).`,
      { limit: max, setting: "TALLY_MAX_UPLOAD_BYTES" },
    );
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("multipart/form-data")) {
    throw new ApiError(
      "malformed",
      "Send the files as multipart/form-data with one `files` part per file (or a .zip).",
    );
  }
  // Counted as it streams: a body sent without a length (or cut by the framework one MiB past the limit,
  // next.config.mjs) is refused once it passes the limit, not read whole.
  let read = 0;
  const counted = request.body?.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        read += chunk.byteLength;
        if (read > max) controller.error(new Error("too large"));
        else controller.enqueue(chunk);
      },
    }),
  );
  let form: FormData;
  try {
    form = await new Response(counted ?? null, { headers: { "content-type": type } }).formData();
  } catch {
    if (read > max) throw tooLarge(max);
    throw new ApiError("malformed", "The multipart body could not be read.");
  }
  const files: InputFile[] = [];
  const fields: Record<string, string> = {};
  let total = 0;
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") {
      fields[name] = name === "tags" && fields.tags ? `${fields.tags},${value}` : value;
      continue;
    }
    total += value.size;
    if (total > max) throw tooLarge(max);
    // eslint-disable-next-line no-control-regex -- a control character in a file name is what this refuses
    if (/[\u0000-\u001f\u007f]/.test(value.name))
      throw new ApiError("invalid", `A file's name holds a control character: ${JSON.stringify(value.name)}.`);
    if (value.name.length > MAX_PART_NAME)
      throw new ApiError(
        "invalid",
        `A file's name is longer than ${MAX_PART_NAME} characters: ${JSON.stringify(value.name.slice(0, 80))}….`,
      );
    const path = value.name.replace(/\\/g, "/").replace(/^\/+/, "");
    files.push({ path: path || `file-${files.length + 1}`, bytes: new Uint8Array(await value.arrayBuffer()) });
  }
  if (files.length === 0) throw new ApiError("malformed", "No files in the upload: add one or more `files` parts.");
  return { files, fields };
}

const tooLarge = (max: number) =>
  new ApiError("too_large", `Upload exceeds the limit of ${max} bytes (TALLY_MAX_UPLOAD_BYTES).`, {
    limit: max,
    setting: "TALLY_MAX_UPLOAD_BYTES",
  });

/** The limits an upload is ingested under (IngestOptions.upload): refused whole, with 413, past either. */
export function uploadLimits(): { upload: { maxStoredBytes: number } } {
  return { upload: { maxStoredBytes: env().TALLY_MAX_STORED_BYTES } };
}

/**
 * An ingest's refusal as the API's error: a limit passed is 413 naming the limit and its setting; a run deleted
 * while the upload was storing into it, 409 naming the run.
 */
export function ingestRefusal(error: unknown): never {
  if (error instanceof IngestLimitError)
    throw new ApiError("too_large", error.message, { limit: error.limit, setting: error.setting });
  if (error instanceof RunDeletedError) throw new ApiError("conflict", error.message, { run: error.run });
  throw error;
}
