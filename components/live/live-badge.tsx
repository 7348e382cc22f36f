/** Marks a run that `tally watch` is ingesting into now (its heartbeat is fresh). */
export function LiveBadge() {
  return (
    <span
      className="badge badge-live"
      data-testid="live-badge"
      title="Results are being ingested as the eval writes them"
    >
      live
    </span>
  );
}
