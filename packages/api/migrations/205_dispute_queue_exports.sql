-- The dispute desk's queue (issue #44) is exported through the CSV export jobs too: a job exports a
-- query description (the builder), a P&L request (the optimizer) or a queue view (tab, filters, sort),
-- exactly one of them.
alter table export_jobs add column disputes jsonb;
alter table export_jobs drop constraint export_jobs_one_source;
alter table export_jobs add constraint export_jobs_one_source check (num_nonnulls(query, pnl, disputes) = 1);
alter table export_audit add column disputes jsonb;
