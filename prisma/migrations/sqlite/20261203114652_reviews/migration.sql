-- CreateTable
CREATE TABLE "Review" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "runId" TEXT NOT NULL,
    "rolloutId" TEXT NOT NULL,
    "checkKey" TEXT NOT NULL,
    "verdict" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "reviewer" TEXT NOT NULL,
    "at" DATETIME NOT NULL,
    "withdrawn" BOOLEAN NOT NULL DEFAULT false,
    CONSTRAINT "Review_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "Review_runId_rolloutId_idx" ON "Review"("runId", "rolloutId");

-- CreateIndex
CREATE UNIQUE INDEX "Review_runId_rolloutId_checkKey_reviewer_at_key" ON "Review"("runId", "rolloutId", "checkKey", "reviewer", "at");
