-- CreateTable
CREATE TABLE "TraceIndex" (
    "sha256" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "summary" TEXT NOT NULL,
    "steps" BYTEA NOT NULL,
    "tools" TEXT NOT NULL,
    "refs" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TraceIndex_pkey" PRIMARY KEY ("sha256")
);

-- CreateTable
CREATE TABLE "TraceChunk" (
    "sha256" TEXT NOT NULL,
    "chunk" INTEGER NOT NULL,
    "bytes" BYTEA NOT NULL,

    CONSTRAINT "TraceChunk_pkey" PRIMARY KEY ("sha256","chunk")
);

-- AddForeignKey
ALTER TABLE "TraceIndex" ADD CONSTRAINT "TraceIndex_sha256_fkey" FOREIGN KEY ("sha256") REFERENCES "RawFile"("sha256") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TraceChunk" ADD CONSTRAINT "TraceChunk_sha256_fkey" FOREIGN KEY ("sha256") REFERENCES "TraceIndex"("sha256") ON DELETE CASCADE ON UPDATE CASCADE;
