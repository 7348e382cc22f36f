import type { Prisma } from "./generated/sqlite/client";

/** Values stored in Json columns: plain JSON data (the contract of every summary and metadata field). */
export function toJson(value: unknown): Prisma.InputJsonValue {
  return JSON.parse(JSON.stringify(value ?? null)) as Prisma.InputJsonValue;
}
