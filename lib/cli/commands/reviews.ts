import fs from "node:fs";
import type { ReviewWrite } from "@/lib/store/records";
import type { Store } from "@/lib/store/store";
import { readRunReviews } from "@/lib/views/run-reviews";
import { parseCommand, UsageError } from "../args";
import { openDatabase } from "../database";
import { findRun } from "../find-run";
import { inspectEdits } from "../inspect-edits";
import { MAX_REVIEW_FILE_BYTES, parseReviewLines, reviewLines, type ParsedLines } from "../review-lines";

const HELP = `Usage: tally reviews export <run> [--format tally|inspect]
       tally reviews import <run> <FILE>

Reviews of a run's verdicts (docs/scoring.md#reviews), in DATABASE_URL (default file:./data/tally.db).
  export   prints every review of the run as JSON lines, oldest first: changes and withdrawals included.
           --format inspect prints, per verdict the reviewers decided, an Inspect score edit as JSON lines
           ({sample_id, epoch, score_name, edit: {value, explanation, provenance}}) for edit_score; what
           cannot be an edit is listed on stderr
  import   adds the reviews of a JSON-lines file (the export's shape); a review already stored (same
           rollout, check, reviewer and time) is left as it is, so importing twice adds nothing. A bad
           line stops the import before anything is written, naming the line and the field.`;

/** The store's refusal as an error naming the line of the first review it concerns. */
function refusal(write: Exclude<ReviewWrite, { added: number }>, parsed: ParsedLines, file: string, run: string) {
  if (write.error === "run") return new Error(`no run "${run}"`);
  const i = parsed.reviews.findIndex(
    (r) => r.rollout === write.rollout && (write.error === "rollout" || r.check === write.check),
  );
  const at = `${file}:${parsed.lines[i] ?? 0}`;
  return write.error === "rollout"
    ? new Error(`${at}: rollout: the run has no rollout "${write.rollout}"; nothing imported`)
    : new Error(`${at}: check: rollout "${write.rollout}" has no check "${write.check}"; nothing imported`);
}

async function reviewsAction(store: Store, action: string, args: string[], format: string): Promise<number> {
  switch (action) {
    case "export": {
      if (args.length !== 1) throw new UsageError("usage: tally reviews export <run> [--format tally|inspect]");
      if (format !== "tally" && format !== "inspect")
        throw new UsageError(`--format ${format}: give tally (the default) or inspect`);
      const run = await findRun(store, args[0]!);
      const reviews = (await readRunReviews(store, run.id)) ?? [];
      if (format === "tally") {
        process.stdout.write(reviewLines(reviews));
        return 0;
      }
      const { edits, skipped } = inspectEdits(reviews);
      process.stdout.write(edits.map((e) => `${JSON.stringify(e)}\n`).join(""));
      for (const s of skipped) console.error(`skipped ${s.rollout} ${s.check}: ${s.why}`);
      return 0;
    }
    case "import": {
      if (args.length !== 2) throw new UsageError("usage: tally reviews import <run> <FILE>");
      const [ref, file] = args as [string, string];
      const run = await findRun(store, ref);
      const stat = fs.statSync(file, { throwIfNoEntry: false });
      if (!stat?.isFile()) throw new Error(`${file}: no such file`);
      if (stat.size > MAX_REVIEW_FILE_BYTES)
        throw new Error(`${file}: ${stat.size} bytes, over the ${MAX_REVIEW_FILE_BYTES} a review file may have`);
      const parsed = parseReviewLines(fs.readFileSync(file, "utf8"), file);
      const write = await store.addReviews(run.id, parsed.reviews);
      if ("error" in write) throw refusal(write, parsed, file, run.id);
      console.log(
        `Imported ${file} into ${run.name}: ${write.added} review${write.added === 1 ? "" : "s"} added, ` +
          `${write.present} already present`,
      );
      return 0;
    }
    default:
      throw new UsageError(`unknown action "${action}"\n\n${HELP}`);
  }
}

export const reviewsCommand = {
  async run(argv: string[]): Promise<number> {
    const parsed = parseCommand(argv, { format: { type: "string", default: "tally" } }, HELP);
    if (!parsed) return 0;
    const [action, ...args] = parsed.positionals;
    if (!action) throw new UsageError(`give an action: export or import\n\n${HELP}`);
    const store = await openDatabase();
    try {
      return await reviewsAction(store, action, args, parsed.values.format);
    } finally {
      await store.close();
    }
  },
};
