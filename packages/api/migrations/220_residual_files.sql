-- A residual statement's files (issue #46, README "Residuals"): its CSV is an export job like the
-- builder's query, the optimizer's P&L and the dispute queue (exactly one source per job), and its PDF a
-- generated document. A residual statement document is about one partner (node) and was made in the
-- book of whoever asked (book: their scope node, null for the whole organisation): a scoped viewer sees
-- the generated documents of their own book only. Generating again replaces the document of the same
-- type, month, node and book.
alter table export_jobs add column residuals jsonb;
alter table export_jobs drop constraint export_jobs_one_source;
alter table export_jobs add constraint export_jobs_one_source check (num_nonnulls(query, pnl, disputes, residuals) = 1);
alter table export_audit add column residuals jsonb;

alter table documents drop constraint documents_type_check;
alter table documents add constraint documents_type_check
  check (type in ('statement', 'merchant_extract', 'residual_statement', 'scheme_notice', 'contract', 'guide', 'other'));
alter table documents add column node text;
alter table documents add column book text;
alter table documents add constraint documents_residual_node check ((type = 'residual_statement') = (node is not null));
drop index documents_generated_month;
create unique index documents_generated_month on documents (org_id, type, period, coalesce(node, ''), coalesce(book, ''))
  where generated;
