-- When the engine writes an export's file itself (DuckDB's COPY), rows are known a month
-- at a time; the engine's own estimate of its progress (0–100) moves the bar in between.
alter table export_jobs add column percent_done double precision;
