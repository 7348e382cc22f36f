/** Pass / fail / not graded, the same everywhere: colour and a word, never colour alone. */
export function VerdictBadge({ passed, label }: { passed: boolean | null; label?: string }) {
  if (passed === null) return <span className="badge">{label ?? "not graded"}</span>;
  return (
    <span className={passed ? "badge badge-pass" : "badge badge-fail"}>{label ?? (passed ? "pass" : "fail")}</span>
  );
}
