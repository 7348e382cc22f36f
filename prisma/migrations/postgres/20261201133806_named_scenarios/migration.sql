-- CreateTable
CREATE TABLE "Scenario" (
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "scenario" JSONB NOT NULL,
    "declared" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Scenario_pkey" PRIMARY KEY ("name")
);
