import { requireRead } from "@/lib/api/auth";
import { ApiError, handle } from "@/lib/api/errors";
import { bundleFolderName, zipBundle } from "@/lib/export/bundle-files";
import { runBundle } from "@/lib/export/run-bundle";
import { viewerAssets } from "@/lib/export/viewer-build.mjs";
import { getStore } from "@/lib/store/open-store";

export const dynamic = "force-dynamic";

/**
 * GET /api/runs/:id/export.zip: the run as a static site (what `tally export <id> --zip` writes): the run page
 * with its what-if, task and rollout pages with traces, opening from file:// without Tally.
 */
export const GET = handle(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  await requireRead(request);
  const { id } = await params;
  const bundle = await runBundle(getStore(), id, { maxBytes: null, viewer: await viewerAssets() });
  if (!bundle) throw new ApiError("not_found", `No run with id "${id}".`);
  const folder = bundleFolderName(bundle.name);
  const zip = zipBundle(bundle.files, folder);
  return new Response(Buffer.from(zip), {
    headers: {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="${folder}.zip"`,
      "content-length": String(zip.byteLength),
    },
  });
});
