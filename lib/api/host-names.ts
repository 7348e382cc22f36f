/**
 * Origins and Host header values, read the way a browser writes them. Pure (the URL parser only), so the
 * environment schema, the proxy and the server in front of Next.js share one reading.
 */

/** An `http(s)://host[:port]` origin in its serialised form, or null when the text is not exactly one. */
export function parseOrigin(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username || url.password || url.search || url.hash || url.pathname !== "/") return null;
  return url.origin;
}

export interface THost {
  /** Lower case, without a trailing dot; an IPv6 address in brackets. */
  hostname: string;
  /** `hostname[:port]`, the port left out when it is the scheme's default. */
  host: string;
}

/**
 * A Host header value (or a host name the configuration lists) read as the URL parser reads it, so `LOCALHOST`,
 * `localhost.` and `0x7f.1` compare as `localhost` and `127.0.0.1` do. Null when it is not a bare host.
 */
export function parseHost(text: string, scheme: "http:" | "https:" = "http:"): THost | null {
  let trimmed = text.trim();
  if (trimmed === "" || /[/?#@\s\\]/.test(trimmed)) return null;
  // A bare IPv6 address (HOST=::1) is written in brackets in a URL.
  if (!trimmed.startsWith("[") && trimmed.split(":").length > 2) trimmed = `[${trimmed}]`;
  let url: URL;
  try {
    url = new URL(`${scheme}//${trimmed}`);
  } catch {
    return null;
  }
  const hostname = url.hostname.replace(/\.$/, "");
  if (hostname === "") return null;
  return { hostname, host: url.port ? `${hostname}:${url.port}` : hostname };
}

/** An address written as digits (IPv4) or in brackets (IPv6), not a name DNS could point anywhere. */
export function isIpLiteral(hostname: string): boolean {
  return /^\d{1,3}(?:\.\d{1,3}){3}$/.test(hostname) || hostname.startsWith("[");
}

/** `localhost`, 127.0.0.0/8 and ::1: names only this machine answers to, whatever DNS says. */
export function isLoopbackName(hostname: string): boolean {
  return hostname === "localhost" || /^127(?:\.\d{1,3}){3}$/.test(hostname) || hostname === "[::1]";
}

/** The wildcard addresses (`0.0.0.0`, `::`): a server bound to one answers on every address of the machine. */
export function isWildcardAddress(hostname: string): boolean {
  return hostname === "0.0.0.0" || hostname === "[::]";
}
