-- DropForeignKey
ALTER TABLE "TraceChunk" DROP CONSTRAINT "TraceChunk_sha256_fkey";

-- AlterTable
ALTER TABLE "TraceIndex" DROP CONSTRAINT "TraceIndex_pkey",
ADD COLUMN     "part" TEXT NOT NULL DEFAULT '',
ADD CONSTRAINT "TraceIndex_pkey" PRIMARY KEY ("sha256", "part");

-- AlterTable
ALTER TABLE "TraceChunk" DROP CONSTRAINT "TraceChunk_pkey",
ADD COLUMN     "part" TEXT NOT NULL DEFAULT '',
ADD CONSTRAINT "TraceChunk_pkey" PRIMARY KEY ("sha256", "part", "chunk");

-- AddForeignKey
ALTER TABLE "TraceChunk" ADD CONSTRAINT "TraceChunk_sha256_part_fkey" FOREIGN KEY ("sha256", "part") REFERENCES "TraceIndex"("sha256", "part") ON DELETE CASCADE ON UPDATE CASCADE;
