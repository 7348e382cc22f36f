import { describe, expect, it } from "vitest";
import { syntheticScoringRun } from "@/lib/bench/synthetic";
import { failureGroupsOf, pageFailureGroups } from "@/lib/scoring/report/failure-groups";
import { levers } from "@/lib/scoring/report/levers";
import { computeReport } from "@/lib/scoring/report/report";
import { pageReportOf } from "@/lib/scoring/report/page-report";
import type { PageReport, Report } from "@/lib/scoring/report/report-types";
import { schemeVotes } from "@/lib/scoring/view/explain-schemes";
import { applySummaryDelta, rolloutSummary, type RolloutSummary } from "@/lib/scoring/view/rollout-summary";
import { encodeBinaryRun } from "@/lib/scoring/wire/binary-run";
import { applyReportDelta } from "@/lib/scoring/wire/report-delta";
import { leversModeOf, RECORDED_ID, WORKER_NAMES, type LeversMode, type WorkerAnswer } from "./run-source";
import { runScorer } from "./run-scorer";

const run = syntheticScoringRun({ tasks: 12, rollouts: 3, checks: 4, groups: 2, seed: 3 });
const bytes = () => encodeBinaryRun(run).slice().buffer;
const completion = { headline: { metric: "completion" } };
const byCheck = { headline: { scheme: "check" as const } };

/** A scorer and the answers it posts, awaited until `count` have arrived. */
function scorer(levers?: LeversMode, options?: { warm?: boolean }) {
  const answers: WorkerAnswer[] = [];
  const handle = runScorer((answer) => answers.push(answer), levers, options);
  const until = async (count: number) => {
    for (let i = 0; i < 200 && answers.length < count; i++) await new Promise((r) => setTimeout(r, 5));
    return answers;
  };
  return { handle, answers, until };
}

/** A report as the page holds it (pageReportOf: page-report.test.ts). */
const page = ({ rollouts: _rows, ...rest }: Report): PageReport => pageReportOf(rest);

/** The reports of the answers that carry one, each delta applied to the report before it. */
function reports(answers: readonly WorkerAnswer[]): PageReport[] {
  const out: PageReport[] = [];
  for (const a of answers) {
    const sent = a.type === "run" ? a.recorded : a.type === "scored" ? a.view : null;
    if (sent) out.push(applyReportDelta(out.at(-1) ?? null, sent.report));
  }
  return out;
}

describe("runScorer", () => {
  it("answers the figures first and the levers after, in a message of their own", async () => {
    const { handle, until } = scorer();
    handle({ type: "load", bytes: bytes() });
    handle({ type: "score", id: 1, scenario: completion });
    const answers = await until(4);
    // The scenario's figures come before any levers (the as-recorded ones are computed meanwhile).
    expect(answers.map((a) => `${a.type}${"id" in a ? a.id : ""}`)).toEqual(["run", "scored1", "levers0", "levers1"]);
    const [recorded, scored, recordedLevers, scoredLevers] = answers;
    expect(recorded?.type === "run" && recorded.recorded.levers).toBeNull();
    // The scheme explanation's votes, read in the worker from the task rows the page does not get whole.
    const asRecorded = computeReport(run);
    expect(recorded?.type === "run" && recorded.recorded.schemeVotes).toEqual(
      schemeVotes(asRecorded.tasks, asRecorded.headline.metric),
    );
    expect(reports(answers)[0]!.tasks.some((t) => "pooled" in t)).toBe(false);
    expect(recordedLevers).toEqual({ type: "levers", id: RECORDED_ID, levers: levers(run) });
    expect(reports(answers)[1]?.headline).toEqual(computeReport(run, completion).headline);
    expect(scored?.type === "scored" && scored.view.levers).toBeNull();
    expect(scoredLevers).toEqual({ type: "levers", id: 1, levers: levers(run, completion) });
  });

  it("given the levers as recorded with the run, sends them with its first view and computes none", async () => {
    const known = levers(run).slice(0, 1);
    for (const mode of ["after", "only"] as const) {
      const { handle, answers, until } = scorer(mode);
      handle({ type: "load", bytes: bytes(), levers: known });
      if (mode === "after") {
        const [recorded] = await until(1);
        expect(recorded?.type === "run" && recorded.recorded.levers).toBe(known);
      }
      await new Promise((r) => setTimeout(r, 50));
      expect(answers.filter((a) => a.type === "levers")).toEqual([]);
    }
  });

  it("skips the levers of a view a newer request superseded, never the as-recorded ones", async () => {
    const { handle, answers, until } = scorer();
    handle({ type: "load", bytes: bytes() });
    await until(1);
    handle({ type: "score", id: 1, scenario: completion });
    handle({ type: "score", id: 2, scenario: byCheck });
    await until(4);
    await new Promise((r) => setTimeout(r, 50));
    const ids = answers.map((a) => `${a.type}${"id" in a ? a.id : ""}`);
    // The as-recorded levers may come before or after the newest figures: their timer races the request.
    expect(ids.filter((id) => id !== "levers0")).toEqual(["run", "scored2", "levers2"]);
    expect(ids.filter((id) => id === "levers0")).toHaveLength(1);
  });

  it("warmed up, posts nothing of its own and answers every scenario with the same figures", async () => {
    const known = levers(run);
    expect(known.length).toBeGreaterThan(0);
    const flips = [{ task: known[0]!.task, check: known[0]!.check, passed: known[0]!.passed }];
    const asked = [completion, byCheck, {}, { unscored: "fail" as const }, { flips }, {}];
    const answered = async (warm: boolean) => {
      const { handle, answers, until } = scorer("never", { warm });
      handle({ type: "load", bytes: bytes(), levers: known });
      await until(1);
      // The warm-up's turn: after it, a request finds the scorer under the first lever's flip.
      await new Promise((r) => setTimeout(r, 20));
      expect(answers).toHaveLength(1);
      for (const [i, scenario] of asked.entries()) {
        handle({ type: "score", id: i + 1, scenario });
        await until(2 + i);
      }
      return answers;
    };
    const [cold, warmed] = [await answered(false), await answered(true)];
    expect(warmed.map((a) => a.type)).toEqual(["run", ...asked.map(() => "scored")]);
    // Every part of every answer: the report deltas, the summary and failure groups sent only on a change.
    expect(warmed).toEqual(cold);
  });

  it("an as-recorded request after the first gets the levers it already has in the same message", async () => {
    const { handle, answers, until } = scorer();
    handle({ type: "load", bytes: bytes() });
    await until(2);
    handle({ type: "score", id: 1, scenario: {} });
    await until(3);
    await new Promise((r) => setTimeout(r, 50));
    expect(answers).toHaveLength(3);
    expect(answers[2]?.type === "scored" && answers[2].view.levers).toEqual(levers(run));
  });

  it("sends each report as a delta of the one before: a change of headline metric leaves the tasks out", async () => {
    const { handle, answers, until } = scorer();
    handle({ type: "load", bytes: bytes() });
    await until(2);
    handle({ type: "score", id: 1, scenario: completion });
    await until(4);
    handle({ type: "score", id: 2, scenario: { unscored: "fail" } });
    await until(6);
    const sent = answers.flatMap((a) => (a.type === "scored" ? [a.view.report] : []));
    expect(sent[0]?.same).toEqual(expect.arrayContaining(["tasks", "groups", "effort"]));
    expect(Object.keys(sent[0]?.parts ?? {})).not.toContain("tasks");
    expect(sent[0]?.parts.headline).toEqual(computeReport(run, completion).headline);
    expect(reports(answers)).toEqual([
      page(computeReport(run)),
      page(computeReport(run, completion)),
      page(computeReport(run, { unscored: "fail" })),
    ]);
  });

  it("sends the rollout rows' summary, not the rows, and only when the rows changed", async () => {
    const { handle, answers, until } = scorer();
    handle({ type: "load", bytes: bytes() });
    await until(2);
    handle({ type: "score", id: 1, scenario: completion });
    await until(4);
    const flips = [{ task: run.tasks[0]!.key, check: "C1", passed: false }];
    handle({ type: "score", id: 2, scenario: { flips } });
    await until(6);
    const sent = answers.flatMap((a) => (a.type === "run" ? [a.recorded] : a.type === "scored" ? [a.view] : []));
    expect(sent.some((view) => "rollouts" in view.report.parts)).toBe(false);
    // Each summary sent applied to the one before; the run's own strip parts (its rollout ids) went once.
    let held: RolloutSummary | null = null;
    const summaries = sent.map((view) => view.summary && (held = applySummaryDelta(held, view.summary)));
    expect(summaries).toEqual([
      rolloutSummary(computeReport(run)),
      null,
      rolloutSummary(computeReport(run, { flips })),
    ]);
    expect(sent.map((view) => view.summary && "ids" in view.summary.strips)).toEqual([true, null, false]);
  });

  it("sends the failure groups only when the verdicts changed", async () => {
    const { handle, answers, until } = scorer();
    handle({ type: "load", bytes: bytes() });
    await until(2);
    handle({ type: "score", id: 1, scenario: completion });
    await until(4);
    const passing = computeReport(run).rollouts.find((r) => r.passed)!;
    const flips = [{ task: passing.task, check: "C1", passed: false }];
    handle({ type: "score", id: 2, scenario: { flips } });
    await until(6);
    const groups = answers.flatMap((a) =>
      a.type === "run" ? [a.recorded.failureGroups] : a.type === "scored" ? [a.view.failureGroups] : [],
    );
    const flipped = computeReport(run, { flips });
    // As the page draws them: the first tasks of each group named, and how many it has.
    expect(groups).toEqual([
      pageFailureGroups(failureGroupsOf(run, computeReport(run).rollouts)),
      null,
      pageFailureGroups(failureGroupsOf(run, flipped.rollouts)),
    ]);
    expect(groups[2]).not.toEqual(groups[0]);
  });

  it("split in two, one sends the views without levers and the other the levers alone, the same ones", async () => {
    const figures = scorer("never");
    const leversOnly = scorer("only");
    for (const { handle } of [figures, leversOnly]) handle({ type: "load", bytes: bytes() });
    await figures.until(1);
    await leversOnly.until(1);
    for (const { handle } of [figures, leversOnly]) handle({ type: "score", id: 1, scenario: completion });
    await figures.until(2);
    await leversOnly.until(2);
    await new Promise((r) => setTimeout(r, 50));
    expect(figures.answers.map((a) => a.type)).toEqual(["run", "scored"]);
    expect(figures.answers.every((a) => a.type !== "scored" || a.view.levers === null)).toBe(true);
    expect(reports(figures.answers)).toEqual([page(computeReport(run)), page(computeReport(run, completion))]);
    expect(leversOnly.answers).toEqual([
      { type: "levers", id: RECORDED_ID, levers: levers(run) },
      { type: "levers", id: 1, levers: levers(run, completion) },
    ]);
  });
});

describe("leversModeOf", () => {
  it("reads a worker's levers mode from its name, known before its first message", () => {
    expect(leversModeOf(WORKER_NAMES.never)).toBe("never");
    expect(leversModeOf(WORKER_NAMES.only)).toBe("only");
    expect(leversModeOf("")).toBe("after");
  });
});
