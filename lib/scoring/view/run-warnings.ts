/* The run page's warnings: a module of its own, so the server-side first screen (and the CLI's export) reads
 * them without the header's UI. */

/** A run-level warning, or one of a rollout's (integrity, summary disagreement, unscored). */
export interface RunWarning {
  text: string;
  rollout?: string;
}

/** The header lists at most this many warnings; the report JSON has them all. */
export const WARNING_LIMIT = 50;
