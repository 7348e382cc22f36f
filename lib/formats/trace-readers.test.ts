import { describe, expect, it } from "vitest";
import { expandZip } from "@/lib/archive/unzip";
import type { TraceRead } from "@/lib/traces";
import { fixtureFile, jsonFile, loadFixture } from "./__fixtures__/load-fixture";
import { readRolloutTrace, traceFileFilter } from "./trace-readers";

const summary = (read: TraceRead) =>
  read.kind === "trace" ? [read.trace.format, read.trace.totals.steps, read.trace.totals.toolCalls] : read.kind;

describe("readRolloutTrace picks the reader of the rollout's format", () => {
  it("Silo, Harbor, BenchFlow by their folders", () => {
    const silo = loadFixture("traces/silo/scoring-article/checkout", "checkout/");
    expect(summary(readRolloutTrace({ path: "checkout/result.json", format: "silo" }, silo))).toEqual(["silo", 13, 5]);
    const harbor = loadFixture("traces/harbor/refreshdotdev/Hermes 70B-t-bench-ext/et-880c0c6c__EGzZx8R", "t/");
    expect(summary(readRolloutTrace({ path: "t/result.json", format: "harbor" }, harbor))).toEqual([
      "harbor-atif",
      29,
      101,
    ]);
    const benchflow = loadFixture("traces/benchflow/branch_tree_claude/claude-continue/hello-world-task__0000abcd");
    expect(summary(readRolloutTrace({ path: "result.json", format: "benchflow" }, benchflow))).toEqual([
      "benchflow-acp",
      8,
      2,
    ]);
  });

  it("Silo reads only its sidecars: the files its filter keeps read the same trace as all of them", () => {
    const wanted = traceFileFilter("silo")!;
    for (const [folder, result] of [
      ["traces/silo/scoring-article/checkout", "checkout/result.json"],
      ["traces/silo/scoring-article/csv-conversion", "csv-conversion/result.json"],
    ] as const) {
      const files = loadFixture(folder, `${result.split("/")[0]}/`);
      const kept = files.filter((f) => wanted(f.path));
      expect(kept.length).toBeLessThan(files.length);
      expect(kept.map((f) => f.path).join()).not.toMatch(/result\.json/);
      const source = { path: result, format: "silo" as const };
      expect(readRolloutTrace(source, kept)).toEqual(readRolloutTrace(source, files));
    }
    expect(wanted("a/TASK-1.trace.jsonl")).toBe(true);
    expect(wanted("trace.jsonl")).toBe(true);
    expect(wanted("a/TASK-1.tool-events.json")).toBe(true);
    expect(wanted("a/TASK-1.result.json")).toBe(false);
    expect(wanted("a/notatrace.jsonl")).toBe(false);
    expect(traceFileFilter("harbor")).toBeNull();
  });

  it("Inspect and tau-bench by the fragment naming the rollout inside the file", () => {
    const log = fixtureFile("traces/inspect-ai/log_message_deduplication.eval", "dedup.eval");
    expect(summary(readRolloutTrace({ path: "dedup.eval#0_epoch_1", format: "inspect" }, [log]))).toEqual([
      "inspect",
      12,
      5,
    ]);
    const expanded = expandZip(log);
    if ("error" in expanded) throw new Error(expanded.error);
    const sample = { path: "dedup.eval/samples/0_epoch_1.json", format: "inspect" as const };
    expect(summary(readRolloutTrace(sample, expanded.files))).toEqual(["inspect", 12, 5]);
    const tau = fixtureFile("traces/tau-bench/gpt-4o-airline.task13-trial1.json", "airline.json");
    expect(summary(readRolloutTrace({ path: "airline.json#13_trial_1", format: "tau-bench" }, [tau]))).toEqual([
      "tau-bench",
      28,
      5,
    ]);
    expect(readRolloutTrace({ path: "airline.json", format: "tau-bench" }, [tau]).kind).toBe("none");
  });

  it("a trial folder holding an OpenHands list or a SWE-agent .traj, and a result carrying messages", () => {
    const openhands = [
      jsonFile("t/result.json", { task_name: "x" }),
      fixtureFile("traces/other/openhands/basic.json", "t/agent/events.json"),
    ];
    expect(summary(readRolloutTrace({ path: "t/result.json", format: "harbor" }, openhands))).toEqual([
      "openhands",
      4,
      1,
    ]);
    const traj = fixtureFile("traces/other/swe-agent/pydicom__pydicom-1458.traj", "t/agent/x.traj");
    expect(summary(readRolloutTrace({ path: "t/result.json", format: "benchflow" }, [traj]))).toEqual([
      "swe-agent",
      14,
      12,
    ]);
    const graded = jsonFile("g.json", { subscores: {}, weights: {}, messages: [{ role: "user", content: "hi" }] });
    expect(summary(readRolloutTrace({ path: "g.json", format: "grade" }, [graded]))).toEqual(["chat-messages", 1, 0]);
  });

  it("a rollout without a trace says what its format's reader looked for, then the generic shapes", () => {
    const why = (format: "harbor" | "benchflow" | "silo" | "grade", files = [jsonFile("t/result.json", {})]) => {
      const read = readRolloutTrace({ path: "t/result.json", format }, files);
      return read.kind === "none" ? read.why : read.kind;
    };
    expect(why("harbor")).toBe(
      "no agent/trajectory.json or agent/<agent>.trajectory.json in the trial, nor a Claude Code stream-json, Codex exec events, OTLP GenAI spans or ATIF trajectory, SWE-agent .traj, OpenHands event list or chat messages among its files",
    );
    expect(why("benchflow")).toBe(
      "no trajectory/acp_trajectory.jsonl or trajectory/llm_trajectory.jsonl in the rollout, nor a Claude Code stream-json, Codex exec events, OTLP GenAI spans or ATIF trajectory, SWE-agent .traj, OpenHands event list or chat messages among its files",
    );
    expect(why("silo")).toBe("no trace.jsonl or <task>.tool-events.json among the rollout's files");
    expect(why("grade")).toBe(
      "no Claude Code stream-json, Codex exec events, OTLP GenAI spans or ATIF trajectory, SWE-agent .traj, OpenHands event list or chat messages among the files",
    );
    // The real Harbor trial without an agent folder, as ingested: the same words.
    const trial = loadFixture("harbor-real/3d-scan-calc__F8Fc7fn", "3d-scan-calc__F8Fc7fn/");
    expect(why("harbor", trial)).toMatch(
      /^no agent\/trajectory\.json or agent\/<agent>\.trajectory\.json in the trial, nor/,
    );
  });
});
