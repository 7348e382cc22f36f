import Link from "@/components/ui/link";
import { BaselineToggle } from "./baseline-toggle";
import { runHref } from "@/lib/views/hrefs";
import { letter, type CompareRun } from "@/lib/views/compare-run";
import { compareViewHref, type CompareView } from "./url-state";
import styles from "./compare.module.css";

/** Title, the runs as columns (A first) with their baseline toggles, the swap links and the CSV download. */
export function CompareHeader({
  view,
  a,
  candidates,
  csvHref,
}: {
  view: CompareView;
  a: CompareRun;
  candidates: readonly CompareRun[];
  /** Null in a static share bundle, which leaves out what needs the server (CSV, baseline, other runs). */
  csvHref: string | null;
}) {
  const all = [a, ...candidates];
  const asA = (run: CompareRun) =>
    compareViewHref(view, { runs: [run.id, ...all.filter((r) => r.id !== run.id).map((r) => r.id)], a: run.id });
  return (
    <header className={styles.header}>
      <nav className="breadcrumbs" aria-label="Breadcrumbs">
        <Link href="/">Runs</Link> / Compare
      </nav>
      <div className={styles.titleRow}>
        <div>
          <h1 className={styles.title}>
            {candidates.map((c, i) => (
              <span key={c.id}>
                {i > 0 ? <span className={styles.vs}> and </span> : null}
                {c.name}
              </span>
            ))}
            <span className={styles.vs}> vs </span>
            {a.name} <span className={styles.vs}>(baseline)</span>
          </h1>
          <p className={styles.subtitle}>
            Every difference is {candidates.length === 1 ? "B − A" : "each candidate − A"}, paired on the tasks both
            runs have.
            {candidates.length === 1 ? (
              <>
                {" "}
                <Link href={asA(candidates[0]!)} data-testid="swap-runs">
                  ⇄ Swap A and B
                </Link>
              </>
            ) : null}
          </p>
        </div>
        {csvHref !== null ? (
          <div className={styles.actions}>
            <Link href={`/compare?runs=${encodeURIComponent(a.id)}`} className="button">
              Choose other runs
            </Link>
            <a href={csvHref} className="button" download data-testid="compare-csv-header">
              <span aria-hidden>↓</span> Download CSV
            </a>
          </div>
        ) : null}
      </div>
      <div className={styles.runCards} style={{ gridTemplateColumns: `repeat(${all.length}, minmax(0, 1fr))` }}>
        {all.map((run, i) => (
          <div
            key={run.id}
            className={`card ${styles.runCard} ${i === 0 ? styles.runCardA : ""}`}
            data-testid={`run-column-${letter(i)}`}
          >
            <div className={styles.runCardTop}>
              <span className={styles.bigLetter} aria-hidden>
                {letter(i)}
              </span>
              <span className={styles.role}>
                {i === 0 ? "A · baseline of this comparison" : `${letter(i)} · candidate`}
              </span>
            </div>
            <Link href={runHref(run.id)} className={styles.runName}>
              {run.name}
            </Link>
            <p className={styles.runFacts}>{[run.agent, run.model, run.format].filter(Boolean).join(" · ")}</p>
            <div className={styles.runActions}>
              {csvHref !== null ? <BaselineToggle runId={run.id} runName={run.name} baseline={run.baseline} /> : null}
              {i > 0 && candidates.length > 1 ? (
                <Link href={asA(run)} className={styles.smallLink}>
                  Use as A
                </Link>
              ) : null}
            </div>
          </div>
        ))}
      </div>
    </header>
  );
}
