// Types for scripts/prisma-schemas.mjs (imported by lib/db/migrate.test.ts).
export declare const root: string;
export declare const SCHEMAS: { sqlite: string; postgres: string };
/** The PostgreSQL schema text for a given SQLite schema text (pure: no file access). */
export declare function derivePostgresSchema(source: string): string;
/** Writes prisma/postgres/schema.prisma when it differs from the derived text; returns that text. */
export declare function writePostgresSchema(): string;
