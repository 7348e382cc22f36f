-- CreateTable
CREATE TABLE "TraceIndex" (
    "sha256" TEXT NOT NULL PRIMARY KEY,
    "version" INTEGER NOT NULL,
    "summary" TEXT NOT NULL,
    "steps" BLOB NOT NULL,
    "tools" TEXT NOT NULL,
    "refs" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "TraceIndex_sha256_fkey" FOREIGN KEY ("sha256") REFERENCES "RawFile" ("sha256") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "TraceChunk" (
    "sha256" TEXT NOT NULL,
    "chunk" INTEGER NOT NULL,
    "bytes" BLOB NOT NULL,

    PRIMARY KEY ("sha256", "chunk"),
    CONSTRAINT "TraceChunk_sha256_fkey" FOREIGN KEY ("sha256") REFERENCES "TraceIndex" ("sha256") ON DELETE CASCADE ON UPDATE CASCADE
);
