/** The bounds of a trace search (docs/api.md#search): pure, so the API's schemas and the browser share them. */
export const SEARCH_LIMITS = {
  /** Characters of a words or phrase query. */
  query: 500,
  /** Characters of a regular expression. */
  regex: 200,
  /** Rollouts per page. */
  pageSize: 50,
  /** Matching steps shown per rollout (the rest are counted). */
  stepsPerRollout: 5,
  /** Steps a regular expression scan reads at most; past it the result says it is incomplete. */
  scanSteps: 200_000,
  /** Time a regular expression may run over the whole scan (reading the steps not counted). */
  regexMs: 2_000,
} as const;
