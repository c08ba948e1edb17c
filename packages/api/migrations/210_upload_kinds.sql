-- The upload kinds of the portfolio hierarchy, residuals and the dispute desk (issues #45, #46, #44;
-- docs/UPLOADS.md). All five are allowed here at once, so the kinds that land later need no migration of
-- their own; the API accepts only the kinds packages/shared/src/uploads/uploadKinds.ts lists.
alter table uploads drop constraint uploads_kind_check;
alter table uploads add constraint uploads_kind_check check (kind in ('merchants', 'transactions', 'chargebacks',
  'portfolio_nodes', 'schedule_a', 'residual_splits', 'residual_adjustments', 'dispute_events'));
