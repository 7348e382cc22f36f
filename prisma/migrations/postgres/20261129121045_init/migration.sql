-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "Run" (
    "id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "agent" TEXT,
    "model" TEXT,
    "format" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3),
    "ingestedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "baseline" BOOLEAN NOT NULL DEFAULT false,
    "labels" JSONB NOT NULL,
    "metadata" JSONB NOT NULL,
    "warnings" JSONB NOT NULL,
    "regrades" JSONB NOT NULL,
    "passThreshold" DOUBLE PRECISION NOT NULL DEFAULT 1,
    "summary" JSONB NOT NULL,

    CONSTRAINT "Run_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Task" (
    "id" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "taskId" TEXT NOT NULL,
    "name" TEXT,
    "group" TEXT,
    "weight" DOUBLE PRECISION NOT NULL DEFAULT 1,
    "summary" JSONB NOT NULL,

    CONSTRAINT "Task_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Rollout" (
    "id" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "taskRef" TEXT NOT NULL,
    "rolloutId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "rule" TEXT NOT NULL,
    "gate" TEXT,
    "penalties" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "reportedPassed" BOOLEAN,
    "reportedReward" DOUBLE PRECISION,
    "passed" BOOLEAN NOT NULL,
    "reward" DOUBLE PRECISION,
    "terminationReason" TEXT,
    "toolCalls" INTEGER,
    "toolErrors" INTEGER,
    "agentOutput" TEXT,
    "error" TEXT,
    "errorCategory" TEXT,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "durationMs" INTEGER,
    "costUsd" DOUBLE PRECISION,
    "tokens" INTEGER,
    "sourcePath" TEXT NOT NULL,
    "sourceFormat" TEXT NOT NULL,
    "sourceSha256" TEXT NOT NULL,
    "files" JSONB NOT NULL,
    "warnings" JSONB NOT NULL,
    "metadata" JSONB NOT NULL,

    CONSTRAINT "Rollout_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Check" (
    "id" SERIAL NOT NULL,
    "rolloutRef" TEXT NOT NULL,
    "order" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "passed" BOOLEAN,
    "score" DOUBLE PRECISION,
    "required" BOOLEAN NOT NULL,
    "dimension" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "detail" TEXT,
    "weight" DOUBLE PRECISION,
    "reason" TEXT,
    "failureTag" TEXT,
    "evidenceRefs" JSONB NOT NULL,
    "metadata" JSONB NOT NULL,

    CONSTRAINT "Check_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RawFile" (
    "sha256" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "bytes" BYTEA NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RawFile_pkey" PRIMARY KEY ("sha256")
);

-- CreateTable
CREATE TABLE "RejectedFile" (
    "id" SERIAL NOT NULL,
    "path" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "error" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RejectedFile_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RunFile" (
    "runId" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,

    CONSTRAINT "RunFile_pkey" PRIMARY KEY ("runId","path")
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

-- AddForeignKey
ALTER TABLE "Task" ADD CONSTRAINT "Task_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Rollout" ADD CONSTRAINT "Rollout_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Rollout" ADD CONSTRAINT "Rollout_taskRef_fkey" FOREIGN KEY ("taskRef") REFERENCES "Task"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Check" ADD CONSTRAINT "Check_rolloutRef_fkey" FOREIGN KEY ("rolloutRef") REFERENCES "Rollout"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RejectedFile" ADD CONSTRAINT "RejectedFile_sha256_fkey" FOREIGN KEY ("sha256") REFERENCES "RawFile"("sha256") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RunFile" ADD CONSTRAINT "RunFile_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RunFile" ADD CONSTRAINT "RunFile_sha256_fkey" FOREIGN KEY ("sha256") REFERENCES "RawFile"("sha256") ON DELETE RESTRICT ON UPDATE CASCADE;
