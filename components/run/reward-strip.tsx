import { num } from "@/lib/display/format";
import type { StripPoint } from "@/lib/scoring/view/rollout-strips";

const H = 22;
const PAD = 4;
const STEP = 9;
const MAX_W = 132;

/**
 * A task's rollouts in run order, each a dot at the height of its reward (0 bottom, 1 top): green passed,
 * red failed, hollow grey unscored. Rewards outside [0, 1] are drawn at the edge.
 */
export function RewardStrip({ points }: { points: readonly StripPoint[] }) {
  const n = points.length;
  if (n === 0) return <span className="muted">—</span>;
  const step = Math.min(STEP, (MAX_W - 2 * PAD) / Math.max(1, n - 1));
  const width = Math.round(2 * PAD + step * (n - 1)) + 1;
  const y = (r: number) => PAD + (1 - Math.min(1, Math.max(0, r))) * (H - 2 * PAD);
  const summary = points
    .map((p) => (p.status === "unscored" ? "unscored" : `${num(p.reward)} ${p.passed ? "pass" : "fail"}`))
    .join(", ");
  return (
    <svg
      width={Math.max(width, 24)}
      height={H}
      role="img"
      aria-label={`Rollout rewards: ${summary}`}
      style={{ display: "block" }}
    >
      <line x1={0} x2={Math.max(width, 24)} y1={H - PAD} y2={H - PAD} stroke="#e3e3de" />
      <line x1={0} x2={Math.max(width, 24)} y1={PAD} y2={PAD} stroke="#f1f1ee" />
      {points.map((p, i) => {
        const cx = PAD + i * step;
        if (p.status === "unscored" || p.reward === null) {
          return (
            <circle key={i} cx={cx} cy={H - PAD} r={3} fill="#fff" stroke="#8a8a82" strokeWidth={1.2}>
              <title>{`${p.id}: unscored`}</title>
            </circle>
          );
        }
        return (
          <circle key={i} cx={cx} cy={y(p.reward)} r={3.2} fill={p.passed ? "#1f8a4c" : "#c92a2a"}>
            <title>{`${p.id}: reward ${num(p.reward)}, ${p.passed ? "passed" : "failed"}`}</title>
          </circle>
        );
      })}
    </svg>
  );
}
