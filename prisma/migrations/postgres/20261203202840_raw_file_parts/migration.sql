-- AlterTable
ALTER TABLE "RawFile" ADD COLUMN     "parts" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "RawFilePart" (
    "sha256" TEXT NOT NULL,
    "part" INTEGER NOT NULL,
    "bytes" BYTEA NOT NULL,

    CONSTRAINT "RawFilePart_pkey" PRIMARY KEY ("sha256","part")
);

-- AddForeignKey
ALTER TABLE "RawFilePart" ADD CONSTRAINT "RawFilePart_sha256_fkey" FOREIGN KEY ("sha256") REFERENCES "RawFile"("sha256") ON DELETE CASCADE ON UPDATE CASCADE;
