import { requireRead } from "@/lib/api/auth";
import { ApiError, handle } from "@/lib/api/errors";
import { parseQuery } from "@/lib/api/check-queries";
import { ZTextQuery } from "@/lib/api/schemas/rollouts";
import { FULL_TEXT_MAX, utf8Bytes } from "@/lib/text-head";
import { bytes } from "@/lib/display/format";
import { getStore } from "@/lib/store/open-store";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ id: string; rollout: string }> };

/**
 * GET /api/runs/:id/rollouts/:rollout/text?field=agentOutput|error|metadata|detail|reason[&check=N][&download=1]:
 * one whole text of the rollout (or of its check N, by stored order; metadata as its JSON text), which its
 * page shows cut: text/plain, UTF-8. A text over FULL_TEXT_MAX is answered 413 unless `download=1`, which
 * sends any size as an attachment.
 */
export const GET = handle(async (request: Request, { params }: Params) => {
  await requireRead(request);
  const { id, rollout } = await params;
  const query = parseQuery(ZTextQuery, request.url);
  const ref =
    query.check === undefined
      ? { field: query.field as "agentOutput" | "error" | "metadata" }
      : { field: query.field as "detail" | "reason" | "metadata", check: query.check };
  const read = await getStore().getRolloutText(id, rollout, ref);
  if (read === "missing")
    throw new ApiError(
      "not_found",
      query.check === undefined
        ? `No rollout "${rollout}" in run "${id}".`
        : `No check ${query.check} in that rollout.`,
    );
  const text = read.text ?? "";
  const download = query.download === "1";
  if (!download && utf8Bytes(text) > FULL_TEXT_MAX)
    throw new ApiError(
      "too_large",
      `The text is ${bytes(utf8Bytes(text))}, over the ${bytes(FULL_TEXT_MAX)} a page loads: download it with download=1.`,
    );
  const name = `${query.field}${query.check === undefined ? "" : `-check-${query.check + 1}`}.${query.field === "metadata" ? "json" : "txt"}`;
  return new Response(text, {
    headers: {
      "content-type": "text/plain; charset=utf-8",
      "content-disposition": `${download ? "attachment" : "inline"}; filename="${name}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
});
