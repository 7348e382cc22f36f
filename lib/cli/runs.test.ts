import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { fixturePath } from "@/lib/formats/__fixtures__/load-fixture";
import { cliOnTempDatabase } from "./cli-test-kit";
import type { RunListItem } from "@/lib/store/records";
import { confirmByName } from "./confirm-name";

const { tally } = cliOnTempDatabase("runs");

function list(...args: string[]): RunListItem[] {
  const res = tally("runs", "list", "--json", ...args);
  expect(res.status, res.stderr).toBe(0);
  return (JSON.parse(res.stdout) as { runs: RunListItem[] }).runs;
}

// Each command is a process of its own (the first also builds the CLI bundle when a source changed).
describe("tally runs", { timeout: 120_000 }, () => {
  const article = fixturePath("scoring-article");

  it("ingests with tags, lists and filters by tag, renames, tags and untags, and deletes with --yes", () => {
    const empty = tally("runs", "list");
    expect(empty.stdout).toMatch(/^No runs stored in file:.*tally\.db \(DATABASE_URL\)\.\n$/);
    const a = tally("ingest", article, "--run", "nightly-a", "--tag", "nightly", "--tag", "agent-v2");
    expect(a.status, a.stderr).toBe(0);
    expect(a.stdout).toMatch(/\n {2}open http:\/\/127\.0\.0\.1:\d+\/runs\/[a-z0-9]+\n/);
    expect(tally("ingest", fixturePath("silo-runs"), "--run", "other").status).toBe(0);
    expect(list().map((r) => r.name)).toEqual(["other", "nightly-a"]);
    const [run] = list("--tag", "nightly");
    expect(run).toMatchObject({ name: "nightly-a", tags: ["nightly", "agent-v2"] });
    expect(list("--tag", "nightly", "--tag", "nope")).toEqual([]);
    const plain = tally("runs", "list");
    expect(plain.stdout).toContain(`${run!.id}  nightly-a  [nightly, agent-v2]  3 rollouts`);

    expect(tally("runs", "rename", run!.id, "renamed ✓").stdout).toContain('"nightly-a" → "renamed ✓"');
    expect(tally("runs", "tag", run!.id, "flaky", "nightly").stdout).toContain("tags: nightly, agent-v2, flaky");
    expect(tally("runs", "tag", run!.id, "nightly", "--remove").stdout).toContain("tags: agent-v2, flaky");
    expect(list("--tag", "flaky")).toEqual([expect.objectContaining({ id: run!.id, name: "renamed ✓" })]);

    const refused = tally("runs", "delete", run!.id);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain("not on a terminal");
    expect(refused.stderr).toContain("--yes");
    expect(list().map((r) => r.id)).toContain(run!.id);

    const deleted = tally("runs", "delete", run!.id, "--yes");
    expect(deleted.status, deleted.stderr).toBe(0);
    expect(deleted.stdout).toContain('Deleted run "renamed ✓"');
    expect(list().map((r) => r.name)).toEqual(["other"]);
    const again = tally("runs", "delete", run!.id, "--yes");
    expect(again.status).toBe(1);
    expect(again.stderr).toContain(`no run with id or name "${run!.id}"`);
  });

  it("rename, tag and delete take a run's name when no other run has it, and name the ids when several do", () => {
    expect(tally("ingest", article, "--run", "by-name").status).toBe(0);
    const id = list().find((r) => r.name === "by-name")!.id;
    expect(tally("runs", "tag", "by-name", "named").stdout).toContain(`Run ${id} (by-name) tags: named`);
    expect(tally("runs", "rename", "by-name", "other").stdout).toContain(`Renamed run ${id}: "by-name" → "other"`);

    const ambiguous = tally("runs", "delete", "other", "--yes");
    expect(ambiguous.status).toBe(2);
    expect(ambiguous.stderr).toContain('2 runs are named "other": give one of their ids');
    for (const r of list()) expect(ambiguous.stderr).toContain(r.id);
    expect(list()).toHaveLength(2);

    expect(tally("runs", "delete", id, "--yes").status).toBe(0);
    expect(tally("runs", "tag", "other", "again").stdout).toContain("(other) tags: again");
    expect(list().map((r) => r.name)).toEqual(["other"]);
  });

  it("refuses invalid tags, names and actions with a usage error", () => {
    const [run] = list();
    expect(tally("ingest", article, "--tag", "a,b").stderr).toContain("no comma");
    expect(tally("runs", "tag", run!.id, "x".repeat(61)).status).toBe(2);
    expect(tally("runs", "rename", run!.id, "  ").stderr).toContain("a run name is not empty");
    expect(tally("runs", "frobnicate").status).toBe(2);
    expect(tally("runs").stderr).toContain("give an action");
  });

  it("says how many rollouts a run holds in the singular too", () => {
    const one = tally("ingest", fixturePath("real", "silo", "crm-TASK-001.result.json"), "--run", "single");
    expect(one.status, one.stderr).toBe(0);
    expect(one.stdout).toMatch(/Created run "single" \([a-z0-9]+\): 1 rollout\n/);
  });
});

describe("confirmByName", () => {
  const terminal = (answer: string | null) => {
    const input = new PassThrough();
    if (answer === null) input.end();
    else input.end(`${answer}\n`);
    return { input, output: new PassThrough(), interactive: true };
  };

  it("goes on only for the run's exact name, and asks nobody when no person can answer", async () => {
    expect(await confirmByName("Delete?", "nightly", terminal(" nightly "))).toBe(true);
    expect(await confirmByName("Delete?", "nightly", terminal("nightl"))).toBe(false);
    expect(await confirmByName("Delete?", "nightly", terminal(null))).toBe(false);
    expect(await confirmByName("Delete?", "nightly", { ...terminal("nightly"), interactive: false })).toBeNull();
  });
});
