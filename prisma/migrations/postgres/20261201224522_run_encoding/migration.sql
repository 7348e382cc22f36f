-- CreateTable
CREATE TABLE "RunEncoding" (
    "runId" TEXT NOT NULL,
    "ingestedAt" TIMESTAMP(3) NOT NULL,
    "rollouts" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "layout" INTEGER NOT NULL,
    "bytes" BYTEA NOT NULL,
    "screenLayout" INTEGER NOT NULL,
    "firstScreen" JSONB NOT NULL,

    CONSTRAINT "RunEncoding_pkey" PRIMARY KEY ("runId")
);

-- AddForeignKey
ALTER TABLE "RunEncoding" ADD CONSTRAINT "RunEncoding_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;
