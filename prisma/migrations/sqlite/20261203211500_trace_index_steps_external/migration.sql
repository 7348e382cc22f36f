-- Nothing on SQLite: it reads a trace index's packed steps whole (the PostgreSQL migration of this name stores
-- them uncompressed, for reads in slices).
SELECT 1;
