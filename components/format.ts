/** Display formatting for figures. Pure and shared by every page, so a number reads the same everywhere. */

/** A fraction as a percentage with one decimal ("72.2%"); "—" when undefined. */
export function pct(value: number | null | undefined, digits = 1): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "—";
  return `${(value * 100).toFixed(digits)}%`;
}

/** A reward or score with up to 3 decimals ("0.74", "1", "0.667"). */
export function num(value: number | null | undefined, digits = 3): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "—";
  return String(Number(value.toFixed(digits)));
}

/** A signed difference in percentage points ("+11.1 pp", "−5.0 pp"). */
export function deltaPp(value: number | null | undefined, digits = 1): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "—";
  const pp = value * 100;
  const sign = pp > 0 ? "+" : pp < 0 ? "−" : "±";
  return `${sign}${Math.abs(pp).toFixed(digits)} pp`;
}

export function interval(ci: readonly [number, number] | null | undefined): string {
  return ci ? `${pct(ci[0])} – ${pct(ci[1])}` : "—";
}

export function dateTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "—" : d.toISOString().slice(0, 16).replace("T", " ");
}

export function duration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return "—";
  if (ms < 1000) return `${ms} ms`;
  const s = ms / 1000;
  return s < 60 ? `${s.toFixed(1)} s` : `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
}

export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}

/** Text from a result file cut for display (labels can be megabytes in hostile files; the raw file keeps all). */
export function clip(text: string, max = 500): string {
  return text.length <= max
    ? text
    : `${text.slice(0, max)}… (${(text.length - max).toLocaleString("en")} more characters)`;
}
