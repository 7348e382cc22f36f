/*
 * What `tally compare v-a v-b --markdown` must print for the runs of e2e/compare-runs.ts, worked by hand from
 * that file's TASKS table and the formulas of docs/scoring.md ("Comparing two runs"); compare.test.ts checks
 * each figure again from TASKS (deriveComparison there) before comparing the output with these lines.
 *
 * The 18 common tasks (legacy-pager only in A, sso-rotation only in B), 3 rollouts each:
 * - completion: passes of 3 per task. A: 27 of 54 = 50.0%; B: 32 of 54 = 59.3% (queue-backlog's third rollout
 *   fails its authority check). Per-task differences d = (B − A)/3: mean +0.0926, sd 0.4248, SE = sd/√18 =
 *   0.1001, t(0.975, 17) = 2.1098: +9.3 pp, −11.9 to +30.4 pp.
 * - correctness: C1 and C2 per rollout (C2 fails with the verdict, C1 too when (task index + rollout) % 3 = 0):
 *   A 66.7%, B 72.2%, +5.6 pp, −9.2 to +20.3 pp.
 * - authority: A1 fails once, in B (queue-backlog r3): 100.0% → 98.1% (1 − 1/54), −1.9 pp, −5.8 to +2.1 pp.
 * - grounding: G1 fails when (task index + rollout) % 4 = 1, the same in both runs: 74.1%, ±0.0 pp.
 * - reward: the reported one, round(passed checks / 4, 2): 0.769 → 0.792, +0.023, −0.056 to +0.102.
 * - flips (a task passes when 2 or 3 of its rollouts pass): pass → fail dns-flap (2 → 0), queue-backlog (3 → 1),
 *   join-invoices (2 → 1); fail → pass disk-pressure, cert-expiry, schema-drift, backfill-metrics, revoke-keys.
 *   Exact McNemar p = 2 · (1 + 8 + 28 + 56)/2⁸ = 0.7266.
 * - top regressions by completion, ties by key: dns-flap and queue-backlog −66.7 pp, role-review and
 *   join-invoices −33.3 pp (access/… before data/…).
 * - every common task has the same number of checks and each group 6 common tasks: the check and group schemes
 *   equal the task scheme.
 * Under forgiving.json (C1, C2 and A1 of dns-flap, queue-backlog and join-invoices counted as passed, each check
 * one vote): those three tasks pass every rollout in both runs. Completion A 29/54 = 53.7%, B 39/54 = 72.2%,
 * +18.5 pp, +3.2 to +33.8 pp; correctness A 75/108 = 69.4%, B 88/108 = 81.5%, +12.0 pp, +1.1 to +23.0 pp;
 * authority 100.0% in both; reward A 0.782, B 0.843 (a changed rollout's reward is its checks' mean), +0.060,
 * +0.005 to +0.115. Flips 0 pass → fail, 5 fail → pass: p = 2/2⁵ = 0.0625.
 *
 * What it can see (docs/scoring.md#what-a-comparison-can-see): the correctness SE 6.99 pp gives MDE = 2.8016 ·
 * SE = 19.6 pp; to see +5.6 pp (1/18): ⌈18 · (MDE/δ)²⌉ = 225 tasks; W over the rollouts' correctness (0, .5 or
 * 1) is below Var(d) by more than 18 · (δ/2.8016)², so no number of rollouts gets there (compare.test.ts
 * derives both from TASKS). Under forgiving.json B is better: the MDE (2.8016 · 5.19 pp = 14.5 pp) and no ask.
 * Per-task Fisher tests on 3 rollouts: 2 → 0, 3 → 1, 0 → 2, 1 → 3 give p = 2 · 4/20 = 0.4 (six tasks), every
 * other task p = 1; Benjamini–Hochberg over 18: 0.4 · 18/6 = 1.2, so every adjusted p is 1.000 and nothing
 * is called, before correction either. Under forgiving.json only role-review (3 → 2, p = 1) regresses.
 */

const SCHEMES_AS_RECORDED = [
  "<details><summary>The headline under each scheme and unscored policy</summary>",
  "",
  "| Scheme | Unscored | A | B | B − A | 95% CI | Verdict |",
  "|---|---|---:|---:|---:|---|---|",
  "| **task** (headline) | unscored excluded | 66.7% | 72.2% | +5.6 pp | −9.2 to +20.3 pp | ≈ No clear difference (interval includes 0) |",
  "| check | unscored excluded | 66.7% | 72.2% | +5.6 pp | −9.2 to +20.3 pp | ≈ No clear difference (interval includes 0) |",
  "| group | unscored excluded | 66.7% | 72.2% | +5.6 pp | −9.2 to +20.3 pp | ≈ No clear difference (interval includes 0) |",
  "",
  "</details>",
];

const DIMENSIONS_AS_RECORDED = [
  "| Metric | Tasks | A | B | B − A | 95% CI | Verdict |",
  "|---|---:|---:|---:|---:|---|---|",
  "| **correctness** | 18 tasks | 66.7% | 72.2% | +5.6 pp | −9.2 to +20.3 pp | ≈ No clear difference (interval includes 0) |",
  "| completion | 18 tasks | 50.0% | 59.3% | +9.3 pp | −11.9 to +30.4 pp | ≈ No clear difference (interval includes 0) |",
  "| authority | 18 tasks | 100.0% | 98.1% | −1.9 pp | −5.8 to +2.1 pp | ≈ No clear difference (interval includes 0) |",
  "| grounding | 18 tasks | 74.1% | 74.1% | ±0.0 pp | ±0.0 to ±0.0 pp | = No difference: every common task has the same value |",
  "| reward | 18 tasks | 0.769 | 0.792 | +0.023 | −0.056 to +0.102 | ≈ No clear difference (interval includes 0) |",
];

const HEADLINE_AS_RECORDED =
  "**Correctness** (each task one vote, 18 common tasks): 66.7% → 72.2%, **+5.6 pp** (95% CI −9.2 to +20.3 pp): ≈ No clear difference (interval includes 0)";

const TESTS_LINE =
  "0 tasks regressed and 0 improved by its own test (Fisher exact on its passes), after Benjamini–Hochberg at q = 0.05 over 18 tested tasks; 0 and 0 with p ≤ 0.05 before correction.";

const REGRESSIONS_HEADER = [
  "#### Top regressions (completion per task)",
  "",
  TESTS_LINE,
  "",
  "| Task | A | B | B − A | Flip | Corrected p | Called |",
  "|---|---:|---:|---:|---|---:|---|",
];

const CAN_SEE_AS_RECORDED =
  "**What it can see:** Can detect 19.6 pp or more: the minimum detectable effect at 80% power, α = 0.05 (2.80 × the paired SE 7.0 pp). To see +5.6 pp: 225 tasks at today's 3 rollouts per task; more rollouts per task cannot get there (the tasks themselves differ by more).";

/** `--markdown --fail-on-flip`, as recorded. */
export const AS_RECORDED = [
  "### Tally: v-b vs v-a (baseline)",
  "",
  HEADLINE_AS_RECORDED,
  "",
  CAN_SEE_AS_RECORDED,
  "",
  "**Regression:** yes (3 tasks flipped pass → fail against 5 fail → pass (exact McNemar p = 0.73))",
  "",
  "**Scenario:** as recorded",
  "",
  "**Robustness:** B is ahead under 3 of 3 schemes; the interval excludes 0 under none.",
  "",
  "#### Flips",
  "",
  "3 pass → fail, 5 fail → pass (exact McNemar p = 0.73); 1 only in A, 1 only in B (not comparable).",
  "- pass → fail: `data/join-invoices`, `incident/dns-flap`, `incident/queue-backlog`",
  "- fail → pass: `access/revoke-keys`, `data/backfill-metrics`, `data/schema-drift`, `incident/cert-expiry`, `incident/disk-pressure`",
  "",
  "#### Dimensions",
  "",
  ...DIMENSIONS_AS_RECORDED,
  "",
  ...REGRESSIONS_HEADER,
  "| `incident/dns-flap` | 66.7% | 0.0% | −66.7 pp | pass → fail | 1.000 |  |",
  "| `incident/queue-backlog` | 100.0% | 33.3% | −66.7 pp | pass → fail | 1.000 |  |",
  "| `access/role-review` | 100.0% | 66.7% | −33.3 pp |  | 1.000 |  |",
  "| `data/join-invoices` | 66.7% | 33.3% | −33.3 pp | pass → fail | 1.000 |  |",
  "",
  ...SCHEMES_AS_RECORDED,
  "",
].join("\n");

const FORGIVEN = ["dns-flap", "queue-backlog", "join-invoices"]
  .map((task) => ["C1", "C2", "A1"].map((check) => `${task} ${check} counted as passed`).join("; "))
  .join("; ");

/** `--scenario forgiving.json --markdown --fail-on-regression`. */
export const UNDER_SCENARIO = [
  "### Tally: v-b vs v-a (baseline)",
  "",
  "**Correctness** (each check one vote, 18 common tasks): 69.4% → 81.5%, **+12.0 pp** (95% CI +1.1 to +23.0 pp): ▲ B is better (interval above 0)",
  "",
  "**What it can see:** Can detect 14.5 pp or more: the minimum detectable effect at 80% power, α = 0.05 (2.80 × the paired SE 5.2 pp).",
  "",
  "**Regression:** no (the headline interval is not below 0 and no task flipped pass → fail)",
  "",
  `**Scenario:** \`forgiving.json\`: headline: correctness, each check one vote; ${FORGIVEN}`,
  "",
  "**Robustness:** B is ahead under 3 of 3 schemes; the interval excludes 0 under 3.",
  "",
  "#### Flips",
  "",
  "0 pass → fail, 5 fail → pass (exact McNemar p = 0.06); 1 only in A, 1 only in B (not comparable).",
  "- fail → pass: `access/revoke-keys`, `data/backfill-metrics`, `data/schema-drift`, `incident/cert-expiry`, `incident/disk-pressure`",
  "",
  "#### Dimensions",
  "",
  "| Metric | Tasks | A | B | B − A | 95% CI | Verdict |",
  "|---|---:|---:|---:|---:|---|---|",
  "| **correctness** | 18 tasks | 69.4% | 81.5% | +12.0 pp | +1.1 to +23.0 pp | ▲ B is better (interval above 0) |",
  "| completion | 18 tasks | 53.7% | 72.2% | +18.5 pp | +3.2 to +33.8 pp | ▲ B is better (interval above 0) |",
  "| authority | 18 tasks | 100.0% | 100.0% | ±0.0 pp | ±0.0 to ±0.0 pp | = No difference: every common task has the same value |",
  "| grounding | 18 tasks | 74.1% | 74.1% | ±0.0 pp | ±0.0 to ±0.0 pp | = No difference: every common task has the same value |",
  "| reward | 18 tasks | 0.782 | 0.843 | +0.060 | +0.005 to +0.115 | ▲ B is better (interval above 0) |",
  "",
  ...REGRESSIONS_HEADER,
  "| `access/role-review` | 100.0% | 66.7% | −33.3 pp |  | 1.000 |  |",
  "",
  "<details><summary>The headline under each scheme and unscored policy</summary>",
  "",
  "| Scheme | Unscored | A | B | B − A | 95% CI | Verdict |",
  "|---|---|---:|---:|---:|---|---|",
  "| task | unscored excluded | 69.4% | 81.5% | +12.0 pp | +1.1 to +23.0 pp | ▲ B is better (interval above 0) |",
  "| **check** (headline) | unscored excluded | 69.4% | 81.5% | +12.0 pp | +1.1 to +23.0 pp | ▲ B is better (interval above 0) |",
  "| group | unscored excluded | 69.4% | 81.5% | +12.0 pp | +1.1 to +23.0 pp | ▲ B is better (interval above 0) |",
  "",
  "</details>",
  "",
].join("\n");

const BASE = "https://tally.example.com";
/** A task's link to run B with the link to it in run A, as the comment writes them with --base-url. */
const linked = (key: string) => {
  const k = encodeURIComponent(key);
  return `[\`${key}\`](${BASE}/runs/run%2Fb/tasks/${k}) ([A](${BASE}/runs/run-a/tasks/${k}))`;
};

/** As recorded, from stored runs `run-a` and `run/b`, with --base-url https://tally.example.com/. */
export const WITH_LINKS = [
  `### Tally: [v-b vs v-a (baseline)](${BASE}/compare?runs=run-a,run%2Fb&a=run-a)`,
  "",
  HEADLINE_AS_RECORDED,
  "",
  CAN_SEE_AS_RECORDED,
  "",
  "**Regression:** no (3 tasks flipped pass → fail against 5 fail → pass (exact McNemar p = 0.73), and the headline interval is not below 0)",
  "",
  "**Scenario:** as recorded",
  "",
  "**Robustness:** B is ahead under 3 of 3 schemes; the interval excludes 0 under none.",
  "",
  "#### Flips",
  "",
  "3 pass → fail, 5 fail → pass (exact McNemar p = 0.73); 1 only in A, 1 only in B (not comparable).",
  `- pass → fail: ${["data/join-invoices", "incident/dns-flap", "incident/queue-backlog"].map(linked).join(", ")}`,
  `- fail → pass: ${["access/revoke-keys", "data/backfill-metrics", "data/schema-drift", "incident/cert-expiry", "incident/disk-pressure"].map(linked).join(", ")}`,
  "",
  "#### Dimensions",
  "",
  ...DIMENSIONS_AS_RECORDED,
  "",
  ...REGRESSIONS_HEADER,
  `| ${linked("incident/dns-flap")} | 66.7% | 0.0% | −66.7 pp | pass → fail | 1.000 |  |`,
  `| ${linked("incident/queue-backlog")} | 100.0% | 33.3% | −66.7 pp | pass → fail | 1.000 |  |`,
  `| ${linked("access/role-review")} | 100.0% | 66.7% | −33.3 pp |  | 1.000 |  |`,
  `| ${linked("data/join-invoices")} | 66.7% | 33.3% | −33.3 pp | pass → fail | 1.000 |  |`,
  "",
  ...SCHEMES_AS_RECORDED,
  "",
].join("\n");
