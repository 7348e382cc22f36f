import type { z } from "zod";
import { readJsonFile, zodIssuesToMessage } from "../json";
import type { InputFile, JsonObject } from "../types";

export type ReadAs<T> = { ok: true; data: T; raw: JsonObject } | { ok: false; error: string };

/** A JSON file validated by a zod schema; errors name the parse position or the field path. */
export function readJsonAs<T>(file: InputFile, schema: z.ZodType<T>): ReadAs<T> {
  const decoded = readJsonFile(file);
  if (!decoded.ok) return decoded;
  const parsed = schema.safeParse(decoded.value);
  if (!parsed.success) return { ok: false, error: zodIssuesToMessage(parsed.error.issues) };
  return { ok: true, data: parsed.data, raw: decoded.value as JsonObject };
}
