-- CreateTable
CREATE TABLE "Run" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "agent" TEXT,
    "model" TEXT,
    "format" TEXT NOT NULL,
    "createdAt" DATETIME,
    "ingestedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "baseline" BOOLEAN NOT NULL DEFAULT false,
    "labels" JSONB NOT NULL,
    "metadata" JSONB NOT NULL,
    "warnings" JSONB NOT NULL,
    "regrades" JSONB NOT NULL,
    "passThreshold" REAL NOT NULL DEFAULT 1,
    "summary" JSONB NOT NULL
);

-- CreateTable
CREATE TABLE "Task" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "runId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "taskId" TEXT NOT NULL,
    "name" TEXT,
    "group" TEXT,
    "weight" REAL NOT NULL DEFAULT 1,
    "summary" JSONB NOT NULL,
    CONSTRAINT "Task_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Rollout" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "runId" TEXT NOT NULL,
    "taskRef" TEXT NOT NULL,
    "rolloutId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "rule" TEXT NOT NULL,
    "gate" TEXT,
    "penalties" REAL NOT NULL DEFAULT 0,
    "reportedPassed" BOOLEAN,
    "reportedReward" REAL,
    "passed" BOOLEAN NOT NULL,
    "reward" REAL,
    "terminationReason" TEXT,
    "toolCalls" INTEGER,
    "toolErrors" INTEGER,
    "agentOutput" TEXT,
    "error" TEXT,
    "errorCategory" TEXT,
    "startedAt" DATETIME,
    "finishedAt" DATETIME,
    "durationMs" INTEGER,
    "costUsd" REAL,
    "tokens" INTEGER,
    "sourcePath" TEXT NOT NULL,
    "sourceFormat" TEXT NOT NULL,
    "sourceSha256" TEXT NOT NULL,
    "files" JSONB NOT NULL,
    "warnings" JSONB NOT NULL,
    "metadata" JSONB NOT NULL,
    CONSTRAINT "Rollout_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Rollout_taskRef_fkey" FOREIGN KEY ("taskRef") REFERENCES "Task" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Check" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "rolloutRef" TEXT NOT NULL,
    "order" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "passed" BOOLEAN,
    "score" REAL,
    "required" BOOLEAN NOT NULL,
    "dimension" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "detail" TEXT,
    "weight" REAL,
    "reason" TEXT,
    "failureTag" TEXT,
    "evidenceRefs" JSONB NOT NULL,
    "metadata" JSONB NOT NULL,
    CONSTRAINT "Check_rolloutRef_fkey" FOREIGN KEY ("rolloutRef") REFERENCES "Rollout" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "RawFile" (
    "sha256" TEXT NOT NULL PRIMARY KEY,
    "size" INTEGER NOT NULL,
    "bytes" BLOB NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "RejectedFile" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "path" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "error" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "RejectedFile_sha256_fkey" FOREIGN KEY ("sha256") REFERENCES "RawFile" ("sha256") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "RunFile" (
    "runId" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,

    PRIMARY KEY ("runId", "path"),
    CONSTRAINT "RunFile_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "RunFile_sha256_fkey" FOREIGN KEY ("sha256") REFERENCES "RawFile" ("sha256") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "Run_key_key" ON "Run"("key");

-- CreateIndex
CREATE UNIQUE INDEX "Task_runId_key_key" ON "Task"("runId", "key");

-- CreateIndex
CREATE INDEX "Rollout_taskRef_idx" ON "Rollout"("taskRef");

-- CreateIndex
CREATE UNIQUE INDEX "Rollout_runId_rolloutId_key" ON "Rollout"("runId", "rolloutId");

-- CreateIndex
CREATE INDEX "Check_rolloutRef_order_idx" ON "Check"("rolloutRef", "order");

-- CreateIndex
CREATE UNIQUE INDEX "RejectedFile_sha256_path_key" ON "RejectedFile"("sha256", "path");

-- CreateIndex
CREATE INDEX "RunFile_sha256_idx" ON "RunFile"("sha256");
