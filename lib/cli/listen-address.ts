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

/**
 * What `tally serve` says on a wildcard address (0.0.0.0, ::) when TALLY_ALLOWED_HOSTS lists no name: requests
 * that reach it by a host name are refused (lib/api/same-origin.ts, against DNS rebinding), by IP or localhost
 * they are served.
 */
export function hostNamesNote(host: string, allowedHosts: readonly string[]): string | null {
  const wildcard = host === "0.0.0.0" || host === "::" || host === "[::]";
  if (!wildcard || allowedHosts.length > 0) return null;
  return (
    "tally: answering by IP address and localhost only; list the names this server is reached by " +
    "(tally.example.com) in TALLY_ALLOWED_HOSTS."
  );
}
