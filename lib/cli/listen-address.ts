import { isIP } from "node:net";

/** True for an address only this machine can reach: localhost, 127.0.0.0/8 and ::1. */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (bare === "localhost") return true;
  if (isIP(bare) === 4) return bare.startsWith("127.");
  return bare === "::1" || bare === "0:0:0:0:0:0:0:1";
}

/**
 * What `tally serve` must say before listening on `host`: nothing on a loopback address; on any other address
 * without a read token, a warning that every run is readable by anyone who can reach the server.
 */
export function exposureWarning(host: string, readTokenSet: boolean): string | null {
  if (isLoopback(host) || readTokenSet) return null;
  return [
    `tally: WARNING: listening on ${host} without TALLY_READ_TOKEN.`,
    "tally: every run, rollout and raw file is readable by anyone who can reach this address.",
    "tally: set TALLY_READ_TOKEN (and TALLY_INGEST_TOKEN for uploads), or HOST=127.0.0.1 to serve this machine only.",
  ].join("\n");
}
