-- AlterTable, by hand: SQLite adds a column with a constant default in place. Prisma's redefinition would copy
-- every raw file and, inside the migration runner's transaction (foreign keys on), drop the table its indexes
-- cascade from.
ALTER TABLE "RawFile" ADD COLUMN "parts" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "RawFilePart" (
    "sha256" TEXT NOT NULL,
    "part" INTEGER NOT NULL,
    "bytes" BLOB NOT NULL,

    PRIMARY KEY ("sha256", "part"),
    CONSTRAINT "RawFilePart_sha256_fkey" FOREIGN KEY ("sha256") REFERENCES "RawFile" ("sha256") ON DELETE CASCADE ON UPDATE CASCADE
);
