-- AlterTable
ALTER TABLE "Rollout" ADD COLUMN     "sourceIdentity" TEXT;

-- CreateIndex
CREATE INDEX "Rollout_sourceIdentity_idx" ON "Rollout"("sourceIdentity");
