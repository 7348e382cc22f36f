import os from "node:os";
import v8 from "node:v8";
import { sharedRolloutsWarnings } from "@/lib/display/shared-rollouts";
import { readPaths } from "@/lib/ingest/read-paths";
import { ingestFiles, RunDeletedError } from "@/lib/ingest/ingest-files";
import { workerRereader } from "@/lib/ingest/reread-pool";
import { FORMAT_IDS } from "@/lib/formats/registry";
import { ZRunLabel, ZRunName } from "@/lib/run-name";
import { ZTags } from "@/lib/run-tags";
import { ZSeriesName } from "@/lib/run-series";
import type { FormatId } from "@/lib/formats/types";
import { parseCommand, UsageError } from "../args";
import { openDatabase } from "../database";
import { progress } from "../progress";
import { runLine } from "../run-line";
import { runUrl } from "../run-url";

/** Whether the machine has a core idle enough for a second thread (the last minute's load average). */
const coreToSpare = () => os.loadavg()[0]! + 1 <= os.availableParallelism();

/** Files above which a batch is parsed light first (see IngestOptions.parseLightAbove). */
const PARSE_LIGHT_ABOVE = 20_000;
const HELP = `Usage: tally ingest <path…> [--run NAME] [--agent A] [--model M] [--tag T…] [--series NAME] [--baseline] [--format F] [--json]

Reads result files and folders, detects their format, stores them in DATABASE_URL (default file:./data/tally.db).
Each file is reported: stored, duplicate (already in the run) or rejected with the reason. Exits 1 when any file
was rejected; the rest is stored. --tag (repeatable) adds a tag to the run (tally runs list --tag T finds it).
--series NAME puts the run in a series (tally series show NAME, the page /series/NAME).
Links are not followed out of a folder given (skipped, with why); FIFOs, devices, sockets and files over
TALLY_MAX_FILE_BYTES (1 GiB) are rejected without being read.
Formats: ${FORMAT_IDS.join(", ")}.`;

export const ingestCommand = {
  async run(argv: string[]): Promise<number> {
    const parsed = parseCommand(
      argv,
      {
        run: { type: "string" },
        agent: { type: "string" },
        model: { type: "string" },
        format: { type: "string" },
        baseline: { type: "boolean" },
        tag: { type: "string", multiple: true },
        series: { type: "string" },
        json: { type: "boolean" },
      },
      HELP,
    );
    if (!parsed) return 0;
    const { values, positionals } = parsed;
    if (positionals.length === 0) throw new UsageError(`no paths given\n\n${HELP}`);
    const format = values.format;
    if (format && !(FORMAT_IDS as readonly string[]).includes(format)) {
      throw new UsageError(`unknown format "${format}" (formats: ${FORMAT_IDS.join(", ")})`);
    }
    const tags = ZTags.safeParse(values.tag ?? []);
    if (!tags.success) throw new UsageError(`invalid --tag: ${tags.error.issues[0]?.message ?? "invalid"}`);
    for (const [flag, schema] of [
      ["series", ZSeriesName],
      ["run", ZRunName],
      ["agent", ZRunLabel],
      ["model", ZRunLabel],
    ] as const) {
      const given = values[flag];
      const checked = given === undefined ? null : schema.safeParse(given);
      if (checked && !checked.success)
        throw new UsageError(`invalid --${flag}: ${checked.error.issues[0]?.message ?? "invalid"}`);
    }
    // V8 lets the heap grow to about twice its live size between full collections; an ingest's garbage
    // (parsed files, row arrays) would then set its peak. Collect sooner: a little time for a lower peak.
    v8.setFlagsFromString("--heap-growing-percent=20");
    // Nor let the young generation grow past its first size: it then holds less between collections (npm run
    // bench measures the peak; it costs no measurable time).
    v8.setFlagsFromString("--semi-space-growth-factor=1");
    // Files refused before any read (special files, over the size limit) and links not followed.
    const { files, rootName, rejected: unread, skipped } = await readPaths(positionals, { lazy: true });
    const store = await openDatabase();
    const bar = progress("ingest", !values.json && process.stderr.isTTY === true);
    // A batch parsed light is read again a group at a time: on a second thread while this one stores, when a
    // core is free for it. On a busy machine the thread only adds its copying (25,000 files at load average 10
    // on 2 cores: 16.1–16.7 s of CPU and 41–46 s with it, 13.4–13.7 s and 28–33 s without).
    const rereader = files.length > PARSE_LIGHT_ABOVE && coreToSpare() ? workerRereader() : undefined;
    try {
      const result = await ingestFiles(store, files, {
        runName: values.run,
        agent: values.agent,
        model: values.model,
        format: format as FormatId | undefined,
        baseline: values.baseline === true,
        tags: tags.data,
        series: values.series?.trim(),
        rootName,
        consumeFiles: true,
        batchSize: 1000,
        parseLightAbove: PARSE_LIGHT_ABOVE,
        rereader,
        onProgress: bar.update,
      }).catch((error: unknown) => {
        bar.done();
        // --json callers read stdout: the ending is JSON there too, in the API's error shape.
        if (error instanceof RunDeletedError && values.json)
          console.log(
            JSON.stringify({ error: { code: "run_deleted", message: error.message, run: error.run } }, null, 2),
          );
        throw error;
      });
      bar.done();
      const rejected = [...unread, ...result.rejected];
      if (values.json) {
        const { runs, accepted, duplicates } = result;
        const warnings = [...result.warnings, ...runs.flatMap(sharedRolloutsWarnings)];
        console.log(
          JSON.stringify(
            {
              runs: runs.map(({ id, name, rollouts }) => ({ id, name, rollouts, url: runUrl(id) })),
              warnings,
              accepted,
              rejected,
              duplicates,
              skipped,
            },
            null,
            2,
          ),
        );
      } else {
        for (const p of result.accepted) console.log(`  stored     ${p}`);
        for (const p of result.duplicates) console.log(`  duplicate  ${p}`);
        for (const r of rejected) console.log(`  rejected   ${r.path}: ${r.error}`);
        for (const n of skipped) console.log(`  skipped    ${n.path}: ${n.reason}`);
        for (const w of result.warnings) console.log(`  warning    ${w}`);
        for (const run of result.runs) {
          console.log(runLine(run));
          console.log(`  open ${runUrl(run.id)}`);
          for (const warning of sharedRolloutsWarnings(run)) console.log(`  warning: ${warning}`);
        }
        console.log(
          `${result.accepted.length} stored, ${result.duplicates.length} duplicate, ${rejected.length} rejected` +
            (skipped.length > 0 ? `, ${skipped.length} skipped` : ""),
        );
      }
      return rejected.length > 0 ? 1 : 0;
    } finally {
      await rereader?.close();
      await store.close();
    }
  },
};
