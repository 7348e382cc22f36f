-- CreateIndex
CREATE INDEX "Rollout_sourceSha256_rolloutId_runId_idx" ON "Rollout"("sourceSha256", "rolloutId", "runId");
