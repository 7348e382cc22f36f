"use client";

import { useState } from "react";
import { RegradeTable } from "@/components/compare/regrade-table";
import { count, num, plural } from "@/lib/display/format";
import type { PageReport } from "@/lib/scoring/report/report-types";
import type { RunPageMeta } from "@/lib/views/run-page-meta";

/**
 * What a harness said about its own run beside Tally's figures: BenchFlow regrades (original / new / verdict)
 * and Harbor's own mean, which counts unscored trials as 0.
 */
const REGRADES_SHOWN = 20;

export function FormatNotes({ meta, report }: { meta: RunPageMeta; report: PageReport }) {
  const [all, setAll] = useState(false);
  const regrades = report.regrades ?? [];
  const shown = all ? regrades : regrades.slice(0, REGRADES_SHOWN);
  if (regrades.length === 0 && meta.harborMean === null) return null;
  return (
    <section className="section" aria-label="Harness notes">
      {meta.harborMean !== null ? (
        <div className="callout callout-info" data-testid="harbor-mean">
          <strong>Harbor’s own mean: {num(meta.harborMean)}</strong> · Tally’s mean reward:{" "}
          {num(report.meanReward.value)}
          {meta.harborMeanNote ? <p style={{ margin: "4px 0 0" }}>{meta.harborMeanNote}</p> : null}
        </div>
      ) : null}
      {regrades.length > 0 ? (
        <>
          <h2>Regrades</h2>
          <RegradeTable
            runId={meta.id}
            runName={meta.name}
            regrades={shown}
            summary={meta.regradeSummary ?? `${plural(regrades.length, "trial")} regraded`}
            reason={meta.regradeReason}
          />
          {regrades.length > REGRADES_SHOWN ? (
            <button type="button" className="button button-small" onClick={() => setAll(!all)}>
              {all ? `Show the first ${REGRADES_SHOWN}` : `Show all ${count(regrades.length)} regrades`}
            </button>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
