import { buildTrace, linkByAdjacency, rawTrace, type StepDraft, type TraceRead } from "@/lib/traces";
import { chatSteps } from "../chat-messages/messages";
import { asObject, numberOrNull } from "../trace-input";
import type { InputFile, Json, JsonObject } from "../types";

/**
 * BenchFlow's `trajectory/llm_trajectory.jsonl`: one provider exchange per line, `{request: {body: {messages}},
 * response: {choices: [{message}]} | {role, content}, usage}`. Each request carries the conversation so far,
 * so the trace is the last request's messages followed by its response; usage is summed over every exchange.
 */
function responseMessage(response: JsonObject | null): Json | null {
  const choice = asObject(Array.isArray(response?.choices) ? response.choices[0] : undefined);
  if (choice && asObject(choice.message)) return choice.message!;
  return response && typeof response.role === "string" ? response : null;
}

function usageOf(exchange: JsonObject) {
  const usage = asObject(exchange.usage) ?? asObject(asObject(exchange.response)?.usage);
  return {
    input: numberOrNull(usage?.prompt_tokens) ?? numberOrNull(usage?.input_tokens),
    output: numberOrNull(usage?.completion_tokens) ?? numberOrNull(usage?.output_tokens),
  };
}

const add = (a: number | null, b: number | null) => (b === null ? a : (a ?? 0) + b);

export function llmExchangesTrace(file: InputFile, rows: readonly Json[], warnings: string[]): TraceRead {
  const exchanges = rows.map(asObject).filter((r): r is JsonObject => r !== null);
  const last = exchanges.at(-1);
  const messages = asObject(asObject(last?.request)?.body)?.messages;
  if (!last || !Array.isArray(messages))
    return rawTrace(file.path, file.bytes, "no exchange with request.body.messages in the LLM trajectory");
  const reply = responseMessage(asObject(last.response));
  const steps: StepDraft[] = chatSteps(reply === null ? messages : [...messages, reply], "messages", warnings);
  linkByAdjacency(steps);
  let input: number | null = null;
  let output: number | null = null;
  for (const exchange of exchanges) {
    const usage = usageOf(exchange);
    input = add(input, usage.input);
    output = add(output, usage.output);
  }
  return {
    kind: "trace",
    trace: buildTrace({
      format: "benchflow-llm",
      path: file.path,
      steps,
      recorded: { inputTokens: input, outputTokens: output },
      metadata: { exchanges: exchanges.length },
      warnings,
    }),
  };
}
