import type { FormatId } from "@/lib/formats/types";

/** How each format's files look to the person holding them: the name to read and what to pick or drop. */
export const FORMAT_HELP: Record<FormatId, { name: string; files: React.ReactNode }> = {
  silo: {
    name: "Silo",
    files: (
      <>
        <code>result.json</code> or <code>TASK-001.result.json</code> files, or a whole <code>.silo/runs</code> folder
      </>
    ),
  },
  benchflow: {
    name: "BenchFlow",
    files: (
      <>
        a job folder: <code>summary.json</code> and <code>&lt;task&gt;__&lt;hash&gt;/</code> trial folders
      </>
    ),
  },
  harbor: {
    name: "Harbor",
    files: (
      <>
        a job folder: job and trial <code>result.json</code>, <code>verifier/ctrf.json</code>
      </>
    ),
  },
  grade: { name: "grade_problem", files: <>grades as JSON or JSON lines with subscores and weights</> },
  rubric: {
    name: "Rubric verdicts",
    files: (
      <>
        records with <code>rubric_id</code>, status and score
      </>
    ),
  },
  inspect: {
    name: "Inspect AI",
    files: (
      <>
        logs as <code>.json</code> or <code>.eval</code>
      </>
    ),
  },
  "tau-bench": { name: "tau-bench", files: <>results lists (JSON)</> },
};

/** The registered formats in reading order (Silo, the native one, first), not the registry's claiming order. */
export function inDisplayOrder(ids: readonly FormatId[]): FormatId[] {
  return (Object.keys(FORMAT_HELP) as FormatId[]).filter((id) => ids.includes(id));
}

/** "Silo, BenchFlow and Harbor" */
export function formatNames(ids: readonly FormatId[]): string {
  const names = inDisplayOrder(ids).map((id) => FORMAT_HELP[id].name);
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}
