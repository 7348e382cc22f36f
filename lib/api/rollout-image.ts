import type { Store } from "@/lib/store/store";
import { sniffInlineImage } from "@/lib/traces";
import { ApiError, zodDetails } from "./errors";
import { downloadResponse, inlineImageResponse } from "./file-response";
import { ZImageQuery } from "./schemas/rollouts";

/** A file name for Content-Disposition: the path's last segment, limited to [\w.@+-]. */
function dispositionName(path: string): string {
  return (path.split("/").pop() ?? "").replace(/[^\w.@+-]/g, "_").slice(0, 200) || "image";
}

/**
 * A file of the rollout by its path, for a trace's image: served inline as its type when its bytes are PNG,
 * JPEG, GIF or WebP, else as a download. Only the rollout's own files are served.
 */
export async function rolloutImageResponse(
  store: Store,
  runId: string,
  rolloutId: string,
  query: Record<string, string>,
): Promise<Response> {
  const parsed = ZImageQuery.safeParse(query);
  if (!parsed.success)
    throw new ApiError("malformed", "path must name one of the rollout's files.", zodDetails(parsed.error));
  const { path } = parsed.data;
  // The head without texts: only the rollout's files are needed.
  const rollout = await store.getRolloutHead(runId, rolloutId, { textHead: 0 });
  if (!rollout) throw new ApiError("not_found", `No rollout "${rolloutId}" in run "${runId}".`);
  const ref = rollout.files.find((f) => f.path === path);
  if (!ref) throw new ApiError("not_found", `The rollout has no file "${path}".`);
  const file = await store.getRawFile(ref.sha256);
  if (!file) throw new ApiError("not_found", `The file "${path}" is not stored.`);
  const type = sniffInlineImage(file.bytes);
  const name = dispositionName(path);
  return type ? inlineImageResponse(file.bytes, type, name) : downloadResponse(file.bytes, name);
}
