/** A long rollout id cut to its distinctive tail ("…100300_9c46"); short ids stay whole. */
export function shortId(id: string, keep = 10): string {
  return id.length <= keep + 2 ? id : `…${id.slice(-keep)}`;
}
