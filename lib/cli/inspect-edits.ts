import { consensus, standingReviews } from "@/lib/scoring/reviews/consensus";
import type { RunReview } from "@/lib/store/records";

/**
 * One score edit as Inspect's `edit_score(log, sample_id, score_name, ScoreEdit(...), epoch=epoch)` takes it:
 * the edit's value is Inspect's CORRECT ("C") or INCORRECT ("I"); provenance names the reviewers and why.
 */
export interface InspectEdit {
  sample_id: string | number;
  epoch: number;
  score_name: string;
  edit: {
    value: "C" | "I";
    explanation: string;
    provenance: { author: string; reason: string; timestamp: string };
  };
}

export interface InspectEdits {
  edits: InspectEdit[];
  /** Reviewed verdicts with no edit, and why (not an Inspect rollout, a part of a scorer's value, undecided). */
  skipped: { rollout: string; check: string; why: string }[];
}

/**
 * The reviewers' decided verdicts (majority of standing reviews, consensus.ts) as Inspect score edits, one
 * per verdict, oldest first. Rollout ids of the Inspect format are `<sample id>#<epoch>`; a check that is a
 * part of a scorer's value (`scorer/key`, `scorer[i]`) cannot be edited alone and is skipped.
 */
export function inspectEdits(reviews: readonly RunReview[]): InspectEdits {
  const byVerdict = new Map<string, RunReview[]>();
  for (const r of reviews) {
    const key = JSON.stringify([r.rollout, r.check]);
    const list = byVerdict.get(key);
    if (list) list.push(r);
    else byVerdict.set(key, [r]);
  }
  const out: InspectEdits = { edits: [], skipped: [] };
  for (const list of byVerdict.values()) {
    const { rollout, check } = list[0]!;
    const standing = standingReviews(list);
    if (standing.length === 0) continue;
    const id = /^(.+)#(\d+)$/.exec(rollout);
    if (!id) {
      out.skipped.push({ rollout, check, why: "not an Inspect sample id (<sample id>#<epoch>)" });
      continue;
    }
    if (/[/[]/.test(check)) {
      out.skipped.push({ rollout, check, why: "a part of a scorer's value: Inspect edits a whole score" });
      continue;
    }
    const { verdict } = consensus(standing);
    if (verdict === null) {
      out.skipped.push({ rollout, check, why: "undecided: a tie or unsure" });
      continue;
    }
    const agreeing = standing.filter((r) => r.verdict === verdict);
    const sample = id[1]!;
    out.edits.push({
      sample_id: /^\d+$/.test(sample) && Number.isSafeInteger(Number(sample)) ? Number(sample) : sample,
      epoch: Number(id[2]),
      score_name: check,
      edit: {
        value: verdict === "pass" ? "C" : "I",
        explanation: agreeing
          .map((r) => r.reason)
          .filter((t) => t !== "")
          .join("; "),
        provenance: {
          author: agreeing.map((r) => r.reviewer).join(", "),
          reason: `reviewed in Tally: ${agreeing.length} of ${standing.length} reviewers said ${verdict}`,
          timestamp: agreeing
            .map((r) => r.at)
            .sort()
            .at(-1)!,
        },
      },
    });
  }
  return out;
}
