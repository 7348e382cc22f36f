import { Suspense, type ReactNode } from "react";
import { count, plural } from "@/lib/display/format";
import { gateVerdict } from "@/lib/display/gate-words";
import type { Comparison } from "@/lib/scoring/report/compare";
import { deltaAxisMax } from "@/lib/scoring/view/compare-chart";
import type { CompareOrder } from "@/lib/scoring/report/compare-order";
import type { Robustness } from "@/lib/scoring/report/robustness";
import { CompareHeader } from "./compare-header";
import { letter, type CompareRun } from "@/lib/views/compare-run";
import { DimensionTable } from "./dimension-table";
import { EffortTable } from "./effort-table";
import { FlipsCard } from "./flips-card";
import { HeadlineDeltaCard } from "./headline-delta-card";
import { NotComparable } from "./not-comparable";
import { PassAtKCompare } from "./pass-at-k-compare";
import { RegradeTable } from "./regrade-table";
import { FailureGroupsCompare } from "./failure-groups-compare";
import { RobustnessSection } from "./robustness-table";
import { TasksSection } from "./tasks-section";
import { compareCsvHref, type CompareView as View } from "./url-state";
import styles from "./compare.module.css";

/** The comparison of A against one or two candidates; every figure comes from the comparisons given. */
/** The regression gate's verdict, with why in its tooltip and for screen readers. */
function GateBadge({ comparison: c }: { comparison: Comparison }) {
  const gate = gateVerdict(c.gate, c.flips);
  return (
    <span
      className={`badge ${gate.fails ? "badge-fail" : "badge-pass"}`}
      title={gate.reason}
      data-testid="regression-badge"
      aria-label={`${gate.fails ? "regression" : "no regression"}: ${gate.reason}`}
    >
      {gate.fails ? "regression" : "no regression"}
    </span>
  );
}

export function CompareView({
  view,
  order,
  a,
  candidates,
  comparisons,
  scenarioPanel,
  robustness,
  staticSite = false,
  shared = [],
}: {
  view: View;
  order: CompareOrder;
  a: CompareRun;
  candidates: CompareRun[];
  comparisons: Comparison[];
  /** The what-if controls: which scenario every figure below is computed under. */
  scenarioPanel?: ReactNode;
  /** Each candidate's headline difference under every scheme and unscored policy. */
  robustness?: Robustness[];
  /** In a static share bundle: no server answers, so the CSV downloads and the run controls are left out. */
  staticSite?: boolean;
  /**
   * Sentences saying which candidates share rollouts with A (the same bytes, or the same samples of one log). A
   * promise is streamed: finding them matches every rollout of A, most of a second at 100,000 on a fresh server.
   */
  shared?: string[] | Promise<string[]>;
}) {
  const csvHref = staticSite ? null : compareCsvHref(view, order);
  const lettered = candidates.map((run, i) => ({ run, letter: letter(i + 1), comparison: comparisons[i]! }));
  const anyCommon = comparisons.some((c) => c.common > 0);
  const regraded = [a, ...candidates].filter((r) => r.regrades.length > 0);
  // One scale for every headline card, so the candidates' intervals can be compared by eye.
  const axisMax = deltaAxisMax(...comparisons.flatMap(({ headline: h }) => [h.delta, h.ci95?.[0], h.ci95?.[1]]));

  return (
    <>
      <CompareHeader view={view} a={a} candidates={candidates} csvHref={csvHref} />
      {scenarioPanel}
      {order.dropped.length > 0 ? (
        <p className="callout callout-info">
          Only the first three runs are compared; {plural(order.dropped.length, "other run")} left out.
        </p>
      ) : null}
      {candidates.some((c) => c.id === a.id) ? (
        <p className="callout callout-info" data-testid="compare-self">
          The same run is on both sides: a run compared with itself shows no difference and no regression.
        </p>
      ) : null}
      {Array.isArray(shared) ? (
        <SharedList sentences={shared} />
      ) : (
        <Suspense fallback={null}>
          <SharedNote shared={shared} />
        </Suspense>
      )}

      <div className={styles.summaries}>
        {lettered.map(({ letter: l, comparison: c }) => (
          <p key={l} className={styles.summary} data-testid={`comparison-summary-${l}`}>
            <strong>{l} vs A:</strong> <span data-testid="compare-common">{count(c.common)}</span> common tasks ·{" "}
            <a href="#not-comparable">
              <span data-testid="compare-only-a">{count(c.onlyA)}</span> only in A,{" "}
              <span data-testid="compare-only-b">{count(c.onlyB)}</span> only in {l}
            </a>{" "}
            (not comparable) · {count(c.flips.passToFail)} pass → fail, {count(c.flips.failToPass)} fail → pass
            {c.common === 0 ? <span className="badge">nothing to compare</span> : <GateBadge comparison={c} />}
          </p>
        ))}
      </div>

      {lettered.map(({ run, letter: l, comparison }) =>
        comparison.common === 0 ? (
          <p key={run.id} className={`callout ${styles.noCommon}`} data-testid={`comparison-${l}`}>
            <strong>
              {run.name} and {a.name} have no task in common,
            </strong>{" "}
            so nothing can be compared: tasks are aligned by key (group/task id). Their tasks are listed under{" "}
            <a href="#not-comparable">Not comparable</a>.
          </p>
        ) : (
          <div key={run.id} className={styles.pairGrid} data-testid={`comparison-${l}`}>
            <HeadlineDeltaCard comparison={comparison} aName={a.name} bName={run.name} bLetter={l} axisMax={axisMax} />
            <FlipsCard comparison={comparison} a={a} b={run} bLetter={l} />
          </div>
        ),
      )}

      {anyCommon ? (
        <>
          {robustness ? (
            <RobustnessSection
              robustness={robustness}
              aName={a.name}
              candidates={lettered.map(({ run, letter: l }) => ({ name: run.name, letter: l }))}
            />
          ) : null}
          <section className="section" aria-labelledby="dimensions-title">
            <h2 id="dimensions-title">Every dimension</h2>
            <p className="section-note">
              Each run’s value on the tasks both runs have (eligible in both), under the headline’s weighting; the
              difference with its paired 95% interval.
            </p>
            <DimensionTable
              comparisons={comparisons}
              aName={a.name}
              candidates={lettered.map(({ run, letter: l }) => ({ name: run.name, letter: l }))}
            />
          </section>
          <EffortTable
            comparisons={comparisons}
            candidates={lettered.map(({ run, letter: l }) => ({ name: run.name, letter: l }))}
          />
          <PassAtKCompare
            comparisons={comparisons.map(({ passAtK }) => ({ passAtK }))}
            letters={lettered.map(({ letter: l }) => l)}
          />
          <TasksSection view={view} a={a} candidates={lettered} csvHref={csvHref} />
        </>
      ) : null}

      <section className="section" aria-labelledby="not-comparable">
        <h2 id="not-comparable">Not comparable</h2>
        <p className="section-note">
          Tasks in one run only: left out of every difference, never counted as regressions.
        </p>
        {lettered.map(({ run, letter: l, comparison }) => (
          <div key={run.id} className={`card ${styles.stack}`}>
            {lettered.length > 1 ? <div className="card-title">{l} vs A</div> : null}
            <NotComparable comparison={comparison} a={a} b={run} bLetter={l} />
          </div>
        ))}
      </section>

      <FailureGroupsCompare a={a} candidates={lettered} />

      {regraded.length > 0 ? (
        <section className="section" aria-labelledby="regrades-title" data-testid="regrades">
          <h2 id="regrades-title">Regrades</h2>
          <p className="section-note">
            BenchFlow regraded some trials after the run: the original and new reward of each, and whether its verdict
            changed.
          </p>
          {regraded.map((run) => (
            <div key={run.id} className={`card ${styles.stack}`}>
              <RegradeTable
                runId={run.id}
                runName={run.name}
                regrades={run.regrades}
                summary={run.regradeSummary}
                reason={run.regradeReason}
              />
            </div>
          ))}
        </section>
      ) : null}
    </>
  );
}

/** Which candidates share rollouts with A, once known (on the server: a static bundle passes a list). */
async function SharedNote({ shared }: { shared: Promise<string[]> }) {
  return <SharedList sentences={await shared} />;
}

function SharedList({ sentences }: { sentences: readonly string[] }) {
  if (sentences.length === 0) return null;
  return (
    <ul className="callout" role="note" data-testid="compare-shared-rollouts" style={{ paddingLeft: 28 }}>
      {sentences.map((sentence) => (
        <li key={sentence}>{sentence}</li>
      ))}
    </ul>
  );
}
