-- Issue 22: a stored report copy (about 10 KB of json, 2.7 KB after lz4) stays in its row instead
-- of going to the TOAST table. PostgreSQL compresses a row's large values only until the row is
-- under toast_tuple_target (2 KB by default), then moves what is still too big out of line: a
-- compressed copy of 2.7 KB went out, and every report wrote a TOAST row, its index entry and a
-- new TOAST value id (checked against that index). With 4 KB as the target the compressed copy
-- stays inline: 13.2 -> 7.4 pages of a report's write on the 1,000,000-person bench registry
-- (docs/performance.md, "Issue 22: session 15"), and reading a copy back is one row. A copy under
-- 4 KB as text is stored uncompressed (thin files; a few hundred bytes more each). Copies already
-- stored stay where they are until rewritten; both read the same.
ALTER TABLE credit_report_copies SET (toast_tuple_target = 4096);
