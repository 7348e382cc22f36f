import { requireRead } from "@/lib/api/auth";
import { ApiError, handle } from "@/lib/api/errors";
import { bundleFolderName } from "@/lib/export/bundle-files";
import { zipSink } from "@/lib/export/bundle-sink";
import { writeRunBundle } from "@/lib/export/run-bundle";
import { viewerAssets } from "@/lib/export/viewer-build.mjs";
import { getStore } from "@/lib/store/open-store";
import { bundleView } from "@/lib/views/bundle-view";

export const dynamic = "force-dynamic";

/**
 * GET /api/runs/:id/export.zip: the run as a static site (what `tally export <id> --zip` writes): the run page
 * with its what-if, task and rollout pages with traces, opening from file:// without Tally. The zip is streamed
 * as it is made: the server holds one file of the bundle at a time.
 */
export const GET = handle(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  await requireRead(request);
  const { id } = await params;
  const [view, viewer] = await Promise.all([bundleView(getStore(), id), viewerAssets()]);
  if (!view) throw new ApiError("not_found", `No run with id "${id}".`);
  const folder = bundleFolderName(view.name);
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  const sink = zipSink(
    folder,
    async (chunk) => {
      await writer.ready;
      await writer.write(chunk);
    },
    () => writer.close(),
  );
  // A failure half-way can only cut the stream: the client sees a broken download, never a wrong zip.
  void writeRunBundle(view, sink, { maxBytes: null, viewer }).catch((error: unknown) =>
    writer.abort(error).catch(() => undefined),
  );
  return new Response(readable, {
    headers: {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="${folder}.zip"`,
    },
  });
});
