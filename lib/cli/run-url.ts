import { env } from "@/lib/env";
import { runHref } from "@/lib/views/hrefs";

/**
 * Where a stored run opens in the dashboard that `tally serve` (or `npm start`) serves with the same
 * environment: HOST and PORT, a wildcard address read as localhost.
 */
export function runUrl(id: string, config: { HOST: string; PORT: number } = env()): string {
  const wildcard = config.HOST === "0.0.0.0" || config.HOST === "::" || config.HOST === "[::]";
  const host = wildcard
    ? "localhost"
    : config.HOST.includes(":") && !config.HOST.startsWith("[")
      ? `[${config.HOST}]`
      : config.HOST;
  return `http://${host}:${config.PORT}${runHref(id)}`;
}
