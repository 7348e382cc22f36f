import { z } from "zod";

/* GET /api/live: the runs `tally watch` keeps live now, with their stored rollout counts. */

export const ZLiveRuns = z.object({
  runs: z.array(z.object({ id: z.string(), rollouts: z.number().int().nonnegative(), liveUntil: z.string() })),
});
export type LiveRuns = z.infer<typeof ZLiveRuns>;
