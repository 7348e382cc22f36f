-- CreateTable
CREATE TABLE "RunEncoding" (
    "runId" TEXT NOT NULL PRIMARY KEY,
    "ingestedAt" DATETIME NOT NULL,
    "rollouts" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "layout" INTEGER NOT NULL,
    "bytes" BLOB NOT NULL,
    "screenLayout" INTEGER NOT NULL,
    "firstScreen" JSONB NOT NULL,
    CONSTRAINT "RunEncoding_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
