-- Issue #13: when the engine writes an export's file itself (DuckDB's COPY), rows are known only at
-- the end; the engine's own estimate of its progress (0–100) stands in for the bar meanwhile.
alter table export_jobs add column percent_done double precision;
