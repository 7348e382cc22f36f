import { requireRead } from "@/lib/api/auth";
import { handle } from "@/lib/api/errors";
import { rolloutImageResponse } from "@/lib/api/rollout-image";
import { getStore } from "@/lib/store/open-store";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ id: string; rollout: string }> };

/**
 * GET /api/runs/:id/rollouts/:rollout/image?path=<file path>: one of the rollout's files, as its image type
 * when its bytes are PNG, JPEG, GIF or WebP (for a trace's <img>), else as an octet-stream download.
 */
export const GET = handle(async (request: Request, { params }: Params) => {
  await requireRead(request);
  const { id, rollout } = await params;
  const query = Object.fromEntries(new URL(request.url).searchParams);
  return rolloutImageResponse(getStore(), id, rollout, query);
});
