import { FdrControl } from "@/components/ui/fdr-control";
import Link from "@/components/ui/link";
import { runHref } from "@/lib/views/hrefs";
import { leaderboardCells, leaderboardMethod } from "@/lib/display/leaderboard-words";
import type { Leaderboard } from "@/lib/scoring/report/leaderboard";
import styles from "./series.module.css";

/** Up to three names in the cell; more behind a disclosure, so a long tie does not stretch every row. */
function TiedWith({ names }: { names: string[] }) {
  if (names.length === 0) return <span className="muted">none</span>;
  if (names.length <= 3) return <>{names.join(", ")}</>;
  return (
    <details className={styles.tied}>
      <summary>{names.length} runs</summary>
      {names.join(", ")}
    </details>
  );
}

/** The leaderboard as a table: every cell from leaderboardCells, the words the CLI and markdown use. */
export function LeaderboardTable({ board }: { board: Leaderboard }) {
  const names = new Map(board.rows.map((r) => [r.id, r.name]));
  return (
    <section className="section" aria-labelledby="leaderboard-title">
      <h2 id="leaderboard-title">Leaderboard</h2>
      <p className="muted" data-testid="leaderboard-method">
        {leaderboardMethod(board)}
      </p>
      <div className={styles.leaderboardFdr}>
        <FdrControl q={board.q} />
      </div>
      <div className={styles.scroller}>
        <table className="table" data-testid="leaderboard-table">
          <thead>
            <tr>
              <th scope="col" className="num">
                Rank
              </th>
              <th scope="col" className="num">
                Rank interval
              </th>
              <th scope="col">Run</th>
              <th scope="col" className="num">
                Headline (95% CI)
              </th>
              <th scope="col" className="num">
                − leader
              </th>
              <th scope="col" className="num">
                95% CI
              </th>
              <th scope="col" className="num">
                Corrected p
              </th>
              <th scope="col">Tied with</th>
            </tr>
          </thead>
          <tbody>
            {board.rows.map((row) => {
              const c = leaderboardCells(board, row, names);
              return (
                <tr key={row.id} data-testid="leaderboard-row">
                  <td className="num">{c.rank}</td>
                  <td className="num">{c.rankInterval}</td>
                  <td className={styles.runName}>
                    <Link href={runHref(row.id)}>{row.name}</Link>
                  </td>
                  <td className="num">{c.headline}</td>
                  <td className="num">{c.toLeader}</td>
                  <td className="num">{c.toLeaderInterval}</td>
                  <td className="num">{c.adjusted}</td>
                  <td>
                    <TiedWith names={row.tiedWith.map((id) => names.get(id) ?? id)} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
