-- The revenue optimizer's merchant P&L is exported through the CSV export jobs. A job
-- exports either a query description (the builder) or a P&L request, never both, never neither.
alter table export_jobs alter column query drop not null;
alter table export_jobs add column pnl jsonb;
alter table export_jobs add constraint export_jobs_one_source check ((query is null) <> (pnl is null));
alter table export_audit add column pnl jsonb;
