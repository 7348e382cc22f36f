import { num, pct, plural } from "@/components/format";
import type { Report } from "@/lib/scoring/report-types";
import styles from "./metric-card.module.css";
import { ValueTrack } from "./value-track";

/** Pass rate and mean reward: each counted rollout one vote, kept apart from the dimensions (SPEC §3). */
export function PassRateCard({ passRate, unscored }: { passRate: Report["passRate"]; unscored: number }) {
  const left = passRate.scored + unscored - passRate.counted;
  return (
    <section className={`card ${styles.card}`} data-testid="pass-rate" aria-labelledby="pass-rate-title">
      <div className="card-title" id="pass-rate-title">
        Pass rate
      </div>
      <div className={styles.value}>{pct(passRate.value)}</div>
      <ValueTrack value={passRate.value} colour="#1f8a4c" />
      <p className={styles.line}>
        <strong>
          {passRate.passes} of {plural(passRate.counted, "rollout")}
        </strong>{" "}
        passed every required check
      </p>
      <p className={styles.sub}>each rollout one vote{left > 0 ? ` · ${left} unscored left out` : ""}</p>
    </section>
  );
}

export function MeanRewardCard({ meanReward, unscored }: { meanReward: Report["meanReward"]; unscored: number }) {
  const left = meanReward.scored + unscored - meanReward.counted;
  return (
    <section className={`card ${styles.card}`} data-testid="mean-reward" aria-labelledby="mean-reward-title">
      <div className="card-title" id="mean-reward-title">
        Mean reward
      </div>
      <div className={styles.value}>{num(meanReward.value)}</div>
      <ValueTrack value={meanReward.value} colour="#495057" />
      <p className={styles.line}>
        over <strong>{plural(meanReward.counted, "rollout")}</strong>
      </p>
      <p className={styles.sub}>each rollout one vote{left > 0 ? ` · ${left} ${left === unscored ? "unscored" : "without a reward"} left out` : ""}</p>
    </section>
  );
}
