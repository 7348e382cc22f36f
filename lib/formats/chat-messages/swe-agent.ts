import { z } from "zod";
import { buildTrace, draftStep, rawTrace, type StepDraft, type TraceRead } from "@/lib/traces";
import { zodIssuesToMessage } from "../json";
import { asObject, checkItem, numberOrNull, unmapped } from "../trace-input";
import type { InputFile, Json } from "../types";

/**
 * SWE-agent's `.traj`: `trajectory` items pair an action (a shell or editor command) with its observation;
 * `history` holds the prompts (demonstrations marked `is_demo`); `info.model_stats` the usage.
 */
const ZTrajItem = z.looseObject({
  action: z.string(),
  observation: z.string().nullable().optional(),
  response: z.string().nullable().optional(),
  thought: z.string().nullable().optional(),
});
const ZHistoryItem = z.looseObject({
  role: z.string(),
  content: z.unknown().optional(),
  is_demo: z.boolean().optional(),
});
export const ZSweAgentTraj = z.looseObject({
  trajectory: z.array(z.unknown()),
  history: z.array(ZHistoryItem).optional(),
  info: z
    .looseObject({
      model_stats: z
        .looseObject({
          instance_cost: z.number().optional(),
          tokens_sent: z.number().optional(),
          tokens_received: z.number().optional(),
        })
        .optional(),
    })
    .optional(),
});

const ITEM_FIELDS = new Set(["action", "observation", "response", "thought"]);

/** The command word of an action: `edit 5:10` → `edit`. */
const commandName = (action: string) => /^\s*(\S+)/.exec(action)?.[1] ?? "(empty action)";

export function isSweAgentTraj(value: Json): boolean {
  const object = asObject(value);
  return !!object && Array.isArray(object.trajectory) && (Array.isArray(object.history) || "info" in object);
}

/** Steps: the system prompt and the task (the first user message that is not a demonstration), then one per action. */
export function sweAgentTrace(file: InputFile, value: Json): TraceRead {
  const checked = ZSweAgentTraj.safeParse(value);
  if (!checked.success)
    return rawTrace(file.path, file.bytes, `not a SWE-agent trajectory: ${zodIssuesToMessage(checked.error.issues)}`);
  const warnings: string[] = [];
  const history = checked.data.history ?? [];
  const steps: StepDraft[] = [];
  const system = history.find((h) => h.role === "system");
  const task = history.find((h) => h.role === "user" && h.is_demo !== true);
  for (const [message, source] of [
    [system, "system"],
    [task, "user"],
  ] as const) {
    if (message && typeof message.content === "string") steps.push(draftStep(source, { text: message.content }));
  }
  checked.data.trajectory.forEach((raw, i) => {
    const item = checkItem(ZTrajItem, raw as Json, `trajectory[${i}]`);
    if (!item.ok) {
      warnings.push(item.error);
      steps.push(draftStep("environment", { extra: { item: raw as Json } }));
      return;
    }
    const id = `t${i}`;
    steps.push(
      draftStep("agent", {
        text: item.data.response ?? null,
        reasoning: item.data.thought ?? null,
        toolCalls: [{ id, name: commandName(item.data.action), arguments: { command: item.data.action } }],
        results: [{ callId: id, content: item.data.observation ?? "", isError: false }],
        extra: unmapped(asObject(raw as Json) ?? {}, ITEM_FIELDS),
      }),
    );
  });
  const stats = checked.data.info?.model_stats;
  const object = asObject(value) ?? {};
  return {
    kind: "trace",
    trace: buildTrace({
      format: "swe-agent",
      path: file.path,
      steps,
      recorded: {
        inputTokens: numberOrNull(stats?.tokens_sent),
        outputTokens: numberOrNull(stats?.tokens_received),
        costUsd: numberOrNull(stats?.instance_cost),
      },
      metadata: unmapped(object, new Set(["trajectory", "history"])),
      warnings,
    }),
  };
}
