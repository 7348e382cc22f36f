-- RedefineTables, by hand: the migration runner works inside a transaction, where PRAGMA foreign_keys cannot be
-- turned off, so dropping "TraceIndex" before its chunks were copied would delete them by the cascade. The
-- chunks are copied into the new tables first, then the old tables dropped (child first) and the new renamed
-- (renaming rewrites the chunk table's reference to its index table).
CREATE TABLE "new_TraceIndex" (
    "sha256" TEXT NOT NULL,
    "part" TEXT NOT NULL DEFAULT '',
    "version" INTEGER NOT NULL,
    "summary" TEXT NOT NULL,
    "steps" BLOB NOT NULL,
    "tools" TEXT NOT NULL,
    "refs" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("sha256", "part"),
    CONSTRAINT "TraceIndex_sha256_fkey" FOREIGN KEY ("sha256") REFERENCES "RawFile" ("sha256") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_TraceIndex" ("createdAt", "refs", "sha256", "steps", "summary", "tools", "version") SELECT "createdAt", "refs", "sha256", "steps", "summary", "tools", "version" FROM "TraceIndex";
CREATE TABLE "new_TraceChunk" (
    "sha256" TEXT NOT NULL,
    "part" TEXT NOT NULL DEFAULT '',
    "chunk" INTEGER NOT NULL,
    "bytes" BLOB NOT NULL,

    PRIMARY KEY ("sha256", "part", "chunk"),
    CONSTRAINT "TraceChunk_sha256_part_fkey" FOREIGN KEY ("sha256", "part") REFERENCES "new_TraceIndex" ("sha256", "part") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_TraceChunk" ("bytes", "chunk", "sha256") SELECT "bytes", "chunk", "sha256" FROM "TraceChunk";
DROP TABLE "TraceChunk";
DROP TABLE "TraceIndex";
ALTER TABLE "new_TraceIndex" RENAME TO "TraceIndex";
ALTER TABLE "new_TraceChunk" RENAME TO "TraceChunk";
