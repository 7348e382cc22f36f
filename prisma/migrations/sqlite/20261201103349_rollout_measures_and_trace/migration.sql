-- AlterTable
ALTER TABLE "Rollout" ADD COLUMN "agentMs" INTEGER;
ALTER TABLE "Rollout" ADD COLUMN "cachedTokens" INTEGER;
ALTER TABLE "Rollout" ADD COLUMN "inputTokens" INTEGER;
ALTER TABLE "Rollout" ADD COLUMN "outputTokens" INTEGER;
ALTER TABLE "Rollout" ADD COLUMN "steps" INTEGER;
ALTER TABLE "Rollout" ADD COLUMN "trace" JSONB;
