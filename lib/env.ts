import { z } from "zod";
import { parseHost, parseOrigin } from "./api/host-names";

/** A comma-separated list read item by item; an item `read` cannot read is an issue naming it and `expected`. */
function listOf(read: (item: string) => string | null, expected: string) {
  return z
    .string()
    .default("")
    .transform((value, ctx) => {
      const items: string[] = [];
      for (const item of value.split(",").map((s) => s.trim())) {
        if (item === "") continue;
        const parsed = read(item);
        if (parsed === null) {
          ctx.addIssue({ code: "custom", message: `"${item}" is not ${expected}` });
          return z.NEVER;
        }
        items.push(parsed);
      }
      return items;
    });
}

/** Every environment variable Tally reads, validated once. */
const ZEnv = z.object({
  DATABASE_URL: z.string().min(1).default("file:./data/tally.db"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** The address `tally serve` listens on; loopback unless told otherwise (README, "Security"). */
  HOST: z.string().min(1).default("127.0.0.1"),
  /** When set, writes (POST /api/runs, baseline changes) need `Authorization: Bearer <token>`. */
  TALLY_INGEST_TOKEN: z.string().min(1).optional(),
  /** When set, writing a review (POST/DELETE /api/runs/:id/reviews) needs it or the ingest token. */
  TALLY_REVIEW_TOKEN: z.string().min(1).optional(),
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
  /**
   * Origins besides the server's own whose pages may send writes (`https://ci.example.com,http://localhost:5173`),
   * read as serialised origins (lib/api/same-origin.ts).
   */
  TALLY_ALLOWED_ORIGINS: listOf(parseOrigin, "an origin such as https://tally.example.com"),
  /**
   * Host names the server answers to besides its bound address and the loopback names (`tally.example.com`, or
   * `tally.example.com:8443` for that port only): any other Host is refused, against DNS rebinding.
   */
  TALLY_ALLOWED_HOSTS: listOf((item) => parseHost(item)?.host ?? null, "a host name such as tally.example.com"),
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

const ZOriginEnv = ZEnv.pick({ HOST: true, TALLY_ALLOWED_ORIGINS: true, TALLY_ALLOWED_HOSTS: true });

export type TOriginEnv = z.infer<typeof ZOriginEnv>;

/**
 * Only the settings the same-origin rule reads, so the proxy is not refused over an unrelated variable. Null
 * when one of them is invalid (`tally serve` refuses to start then, through env()).
 */
export function originEnv(): TOriginEnv | null {
  const parsed = ZOriginEnv.safeParse(process.env);
  return parsed.success ? parsed.data : null;
}
