import { authHeader } from "@/lib/api/client";
import { apiUrls } from "@/lib/api/client-routes";
import type { PickedFile } from "./picked-files";
import { interpretUpload, type UploadOutcome } from "./upload-response";

export interface UploadFields {
  run: string;
  agent: string;
  model: string;
  /** Comma-separated, as the API's `tags` field takes them. */
  tags: string;
  /** The series the run belongs to (lib/run-series.ts); "" for none. */
  series: string;
  baseline: boolean;
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * POSTs the files to /api/runs as multipart `files` parts named by relative path. XMLHttpRequest rather than
 * fetch because only it reports upload progress. The token goes in the Authorization header, never the URL.
 */
export function sendUpload(
  files: readonly PickedFile[],
  fields: UploadFields,
  token: string,
  onProgress: (progress: UploadProgress) => void,
): { done: Promise<UploadOutcome | { kind: "cancelled" }>; cancel: () => void } {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    run: fields.run,
    agent: fields.agent,
    model: fields.model,
    tags: fields.tags,
    series: fields.series,
  })) {
    if (value.trim() !== "") form.append(name, value.trim());
  }
  if (fields.baseline) form.append("baseline", "true");
  for (const { path, file } of files) form.append("files", file, path);

  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadOutcome | { kind: "cancelled" }>((resolve) => {
    xhr.upload.onprogress = (e) => onProgress({ loaded: e.loaded, total: e.lengthComputable ? e.total : 0 });
    xhr.onload = () => resolve(interpretUpload(xhr.status, xhr.responseText));
    xhr.onerror = () => resolve({ kind: "network" });
    xhr.ontimeout = () => resolve({ kind: "network" });
    xhr.onabort = () => resolve({ kind: "cancelled" });
  });
  xhr.open("POST", apiUrls.upload());
  xhr.setRequestHeader("Accept", "application/json");
  for (const [name, value] of Object.entries(authHeader(token))) xhr.setRequestHeader(name, value);
  xhr.send(form);
  return { done, cancel: () => xhr.abort() };
}
