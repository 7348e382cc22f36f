import Link from "@/components/ui/link";
import { runHref } from "@/components/task/hrefs";
import { leaderboardCells, leaderboardMethod } from "@/lib/display/leaderboard-words";
import type { Leaderboard } from "@/lib/scoring/series/leaderboard";
import styles from "./series.module.css";

/** The leaderboard as a table: every cell from leaderboardCells, the words the CLI and markdown use. */
export function LeaderboardTable({ board }: { board: Leaderboard }) {
  const names = new Map(board.rows.map((r) => [r.id, r.name]));
  return (
    <section className="section" aria-labelledby="leaderboard-title">
      <h2 id="leaderboard-title">Leaderboard</h2>
      <p className="muted" data-testid="leaderboard-method">
        {leaderboardMethod(board)}
      </p>
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
                  <td>
                    <Link href={runHref(row.id)}>{row.name}</Link>
                  </td>
                  <td className="num">{c.headline}</td>
                  <td className="num">{c.toLeader}</td>
                  <td className="num">{c.toLeaderInterval}</td>
                  <td className="num">{c.adjusted}</td>
                  <td>{c.tiedWith || <span className="muted">none</span>}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
