-- CreateTable
CREATE TABLE "TraceStep" (
    "id" SERIAL NOT NULL,
    "runId" TEXT NOT NULL,
    "rolloutRef" TEXT NOT NULL,
    "step" INTEGER NOT NULL,
    "source" TEXT NOT NULL,
    "tool" TEXT,
    "isError" BOOLEAN NOT NULL,
    "text" TEXT NOT NULL,

    CONSTRAINT "TraceStep_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TraceSearchState" (
    "rolloutRef" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "steps" INTEGER NOT NULL,

    CONSTRAINT "TraceSearchState_pkey" PRIMARY KEY ("rolloutRef")
);

-- CreateIndex
CREATE INDEX "TraceStep_runId_tool_idx" ON "TraceStep"("runId", "tool");

-- CreateIndex
CREATE UNIQUE INDEX "TraceStep_rolloutRef_step_key" ON "TraceStep"("rolloutRef", "step");

-- CreateIndex
CREATE INDEX "TraceSearchState_runId_status_idx" ON "TraceSearchState"("runId", "status");

-- AddForeignKey
ALTER TABLE "TraceStep" ADD CONSTRAINT "TraceStep_rolloutRef_fkey" FOREIGN KEY ("rolloutRef") REFERENCES "Rollout"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TraceSearchState" ADD CONSTRAINT "TraceSearchState_rolloutRef_fkey" FOREIGN KEY ("rolloutRef") REFERENCES "Rollout"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Full-text index of TraceStep.text (raw SQL: Prisma has no tsvector). The 'simple' configuration: lower-cased
-- words, no stemming and no stop words, as close as PostgreSQL comes to SQLite FTS5's unicode61 tokenizer.
ALTER TABLE "TraceStep" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (to_tsvector('simple', "text")) STORED;

CREATE INDEX "TraceStep_search_idx" ON "TraceStep" USING GIN ("search");
