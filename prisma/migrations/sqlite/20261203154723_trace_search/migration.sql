-- CreateTable
CREATE TABLE "TraceStep" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "runId" TEXT NOT NULL,
    "rolloutRef" TEXT NOT NULL,
    "step" INTEGER NOT NULL,
    "source" TEXT NOT NULL,
    "tool" TEXT,
    "isError" BOOLEAN NOT NULL,
    "text" TEXT NOT NULL,
    CONSTRAINT "TraceStep_rolloutRef_fkey" FOREIGN KEY ("rolloutRef") REFERENCES "Rollout" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "TraceSearchState" (
    "rolloutRef" TEXT NOT NULL PRIMARY KEY,
    "runId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "steps" INTEGER NOT NULL,
    CONSTRAINT "TraceSearchState_rolloutRef_fkey" FOREIGN KEY ("rolloutRef") REFERENCES "Rollout" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "TraceStep_runId_tool_idx" ON "TraceStep"("runId", "tool");

-- CreateIndex
CREATE UNIQUE INDEX "TraceStep_rolloutRef_step_key" ON "TraceStep"("rolloutRef", "step");

-- CreateIndex
CREATE INDEX "TraceSearchState_runId_status_idx" ON "TraceSearchState"("runId", "status");

-- Full-text index of TraceStep.text (raw SQL: Prisma has no FTS5). External content: the text is stored once,
-- in TraceStep, where snippets and the regex scan read it; the triggers keep the index in step with the rows.
CREATE VIRTUAL TABLE "TraceStepFts" USING fts5("text", content='TraceStep', content_rowid='id', tokenize='unicode61 remove_diacritics 0');

CREATE TRIGGER "TraceStep_fts_insert" AFTER INSERT ON "TraceStep" BEGIN
  INSERT INTO "TraceStepFts"(rowid, "text") VALUES (new."id", new."text");
END;

CREATE TRIGGER "TraceStep_fts_delete" AFTER DELETE ON "TraceStep" BEGIN
  INSERT INTO "TraceStepFts"("TraceStepFts", rowid, "text") VALUES ('delete', old."id", old."text");
END;
