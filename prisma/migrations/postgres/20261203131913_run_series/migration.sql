-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "series" TEXT;

-- CreateIndex
CREATE INDEX "Run_series_idx" ON "Run"("series");
