-- Issue 22: a stored report copy (about 10 KB of json, one for every report pulled) is compressed
-- with lz4 instead of PostgreSQL's default pglz: 0.04 ms against 0.10 ms of database CPU a copy
-- (2,000 copies of the 1,000,000-person bench registry, docs/performance.md), for copies 3% larger
-- (2,696 bytes stored against 2,622). Copies already stored keep pglz until rewritten; both read the same.
-- PGlite is built without lz4 (it answers feature_not_supported): its copies stay pglz.
DO $$
BEGIN
  ALTER TABLE credit_report_copies ALTER COLUMN report SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  NULL;
END
$$;
