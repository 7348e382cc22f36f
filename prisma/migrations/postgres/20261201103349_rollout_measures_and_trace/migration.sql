-- AlterTable
ALTER TABLE "Rollout" ADD COLUMN     "agentMs" INTEGER,
ADD COLUMN     "cachedTokens" INTEGER,
ADD COLUMN     "inputTokens" INTEGER,
ADD COLUMN     "outputTokens" INTEGER,
ADD COLUMN     "steps" INTEGER,
ADD COLUMN     "trace" JSONB;
