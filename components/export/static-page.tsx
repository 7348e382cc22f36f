import { RunView } from "@/components/run/run-view";
import type { BundleData, PageData } from "./page-data";

/** The page of the bundle this HTML file is, under the note of what the size cap left out. */
export function StaticPage({ state }: { state: { bundle: BundleData; page: PageData } }) {
  const { bundle, page } = state;
  return (
    <>
      {bundle.dropped ? (
        <p className="callout" data-testid="bundle-dropped">
          {bundle.dropped}
        </p>
      ) : null}
      {page.kind === "run" && bundle.runJson && bundle.metaJson ? (
        <RunView runJson={bundle.runJson} metaJson={bundle.metaJson} />
      ) : null}
    </>
  );
}
