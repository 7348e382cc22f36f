import { RegradeTable } from "@/components/compare/regrade-table";
import { num } from "@/components/format";
import type { Report } from "@/lib/scoring/report-types";
import type { RunPageMeta } from "./run-page-meta";

/**
 * What a harness said about its own run beside Tally's figures: BenchFlow regrades (original / new / verdict)
 * and Harbor's own mean, which counts unscored trials as 0.
 */
export function FormatNotes({ meta, report }: { meta: RunPageMeta; report: Report }) {
  const regrades = report.regrades ?? [];
  if (regrades.length === 0 && meta.harborMean === null) return null;
  return (
    <section className="section" aria-label="Harness notes">
      {meta.harborMean !== null ? (
        <div className="callout callout-info" data-testid="harbor-mean">
          <strong>Harbor’s own mean: {num(meta.harborMean)}</strong> · Tally’s mean reward: {num(report.meanReward.value)}
          {meta.harborMeanNote ? <p style={{ margin: "4px 0 0" }}>{meta.harborMeanNote}</p> : null}
        </div>
      ) : null}
      {regrades.length > 0 ? (
        <>
          <h2>Regrades</h2>
          <RegradeTable runId={meta.id} runName={meta.name} regrades={regrades} summary={meta.regradeSummary} reason={meta.regradeReason} rolloutIds={meta.rolloutIds} />
        </>
      ) : null}
    </section>
  );
}
