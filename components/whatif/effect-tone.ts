export type Tone = "up" | "down" | "same";

/** Which way a what-if moved a figure; higher is better for every figure the panel shows. */
export function tone(delta: number | null, changed: boolean): Tone {
  if (!changed || delta === null || delta === 0) return "same";
  return delta > 0 ? "up" : "down";
}
