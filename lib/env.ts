import { z } from "zod";

/** Every environment variable Tally reads, validated once. */
const ZEnv = z.object({
  DATABASE_URL: z.string().min(1).default("file:./data/tally.db"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** The address `tally serve` listens on; loopback unless told otherwise (README, "Security"). */
  HOST: z.string().min(1).default("127.0.0.1"),
  /** When set, writes (POST /api/runs, baseline changes) need `Authorization: Bearer <token>`. */
  TALLY_INGEST_TOKEN: z.string().min(1).optional(),
  /** When set, reads need the token too. */
  TALLY_READ_TOKEN: z.string().min(1).optional(),
  /** Largest accepted upload, in bytes (default 50 MB). */
  TALLY_MAX_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 * 1024),
  /** Bytes the archives of one upload or CLI batch may expand to together (README, "Limits"). */
  TALLY_MAX_EXPANDED_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(512 * 1024 * 1024),
  /** Bytes each archive entry counts against TALLY_MAX_EXPANDED_BYTES besides its own, so entries follow bytes. */
  TALLY_ARCHIVE_ENTRY_BYTES: z.coerce.number().int().nonnegative().default(1024),
  /** Folders an archive entry may be nested in. */
  TALLY_MAX_ARCHIVE_DEPTH: z.coerce.number().int().positive().default(32),
  /** Bytes one upload may store, refused files included. */
  TALLY_MAX_STORED_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(256 * 1024 * 1024),
  /** Largest single file `tally ingest`, `score`, `compare` and `watch` read from disk. */
  TALLY_MAX_FILE_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024 * 1024),
  /** Set to 0 to skip loading the demo runs into an empty database. */
  TALLY_DEMO: z.enum(["0", "1"]).default("1"),
});

export type TEnv = z.infer<typeof ZEnv>;

/** Parsed on every call (cheap), so a changed variable is seen at once and tests can set one. */
export function env(): TEnv {
  const parsed = ZEnv.safeParse(process.env);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${fields}`);
  }
  return parsed.data;
}
