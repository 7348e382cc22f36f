-- A trace index's packed steps are read in slices (lib/store/rules/trace-index.ts): stored uncompressed, a
-- slice is read without decompressing the value up to it. Applies to indexes written from now on.
ALTER TABLE "TraceIndex" ALTER COLUMN "steps" SET STORAGE EXTERNAL;
