import { z } from "zod";

/*
 * What a run's name, agent and model may be when a person or a request gives them (the CLI's --run, --agent
 * and --model, the upload's fields, a rename): shown on every page and in the runs table, so short.
 */

export const MAX_RUN_NAME_LENGTH = 200;

export const ZRunName = z
  .string()
  .trim()
  .min(1, "a run name is not empty")
  .max(MAX_RUN_NAME_LENGTH, `a run name has at most ${MAX_RUN_NAME_LENGTH} characters`);

/** An agent or model name given with a batch. */
export const ZRunLabel = z
  .string()
  .trim()
  .min(1, "not empty")
  .max(MAX_RUN_NAME_LENGTH, `at most ${MAX_RUN_NAME_LENGTH} characters`);
