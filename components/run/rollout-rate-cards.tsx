import type { ReactNode } from "react";
import { count, intervalText, num, pct, plural } from "@/lib/display/format";
import { passedWords } from "@/lib/display/pass-words";
import type { Report } from "@/lib/scoring/report/report-types";
import type { PassRule } from "@/lib/scoring/view/pass-rule";
import styles from "./metric-card.module.css";
import { ValueTrack } from "./value-track";

/**
 * Pass rate and mean reward: each counted rollout one vote, kept apart from the dimensions
 * (docs/scoring.md#reward-mean-reward-and-pass-rate).
 */
export function PassRateCard({
  passRate,
  unscored,
  rule,
}: {
  passRate: Report["passRate"];
  unscored: number;
  /** What decided the verdicts: "passed every required check" is only true of verdicts the checks decided. */
  rule: PassRule;
}) {
  const left = passRate.scored + unscored - passRate.counted;
  return (
    <RateCard
      id="pass-rate"
      title="Pass rate"
      text={pct(passRate.value)}
      value={passRate.value}
      colour="#1f8a4c"
      sub={`each rollout one vote${left > 0 ? ` · ${count(left)} unscored left out` : ""}`}
    >
      <strong>
        {passRate.passes} of {plural(passRate.counted, "rollout")}
      </strong>{" "}
      {passedWords(rule)}
      {passRate.ci95 ? (
        <span className={styles.interval} data-testid="pass-rate-ci">
          95% CI {intervalText("completion", passRate.ci95)}, clustered by task
        </span>
      ) : null}
    </RateCard>
  );
}

export function MeanRewardCard({ meanReward, unscored }: { meanReward: Report["meanReward"]; unscored: number }) {
  const left = meanReward.scored + unscored - meanReward.counted;
  return (
    <RateCard
      id="mean-reward"
      title="Mean reward"
      text={num(meanReward.value)}
      value={meanReward.value}
      colour="#495057"
      sub={`each rollout one vote${left > 0 ? ` · ${left} ${left === unscored ? "unscored" : "without a reward"} left out` : ""}`}
    >
      over <strong>{plural(meanReward.counted, "rollout")}</strong>
    </RateCard>
  );
}

function RateCard(props: {
  id: string;
  title: string;
  text: string;
  value: number | null;
  colour: string;
  sub: string;
  children: ReactNode;
}) {
  return (
    <section className={`card ${styles.card}`} data-testid={props.id} aria-labelledby={`${props.id}-title`}>
      <div className="card-title" id={`${props.id}-title`}>
        {props.title}
      </div>
      <div className={styles.value}>{props.text}</div>
      <ValueTrack value={props.value} colour={props.colour} />
      <p className={styles.line}>{props.children}</p>
      <p className={styles.sub}>{props.sub}</p>
    </section>
  );
}
