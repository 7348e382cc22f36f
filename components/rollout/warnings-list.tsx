/** Integrity and format warnings of a rollout, as a callout list (text only). */
export function WarningsList({ warnings }: { warnings: readonly string[] }) {
  if (warnings.length === 0) return null;
  return (
    <div className="callout" role="note" data-testid="rollout-warnings">
      <strong>
        {warnings.length === 1 ? "1 warning" : `${warnings.length} warnings`} about this rollout&apos;s data
      </strong>
      <ul style={{ margin: "6px 0 0", paddingLeft: 18 }}>
        {warnings.map((w, i) => (
          <li key={i} style={{ overflowWrap: "anywhere" }}>
            {w}
          </li>
        ))}
      </ul>
    </div>
  );
}
