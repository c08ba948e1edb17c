-- Residuals (issue #46, packages/api/README.md "Residuals"): a closed month, frozen. Closing copies every
-- merchant line of the month as the engine computed it (whole cents), with the portfolio's nodes, the
-- month's adjustments and the Schedule A and split versions in force, so the closed statement answers
-- the same after any later upload. One run per organisation and month: the unique key refuses a second
-- close, even in a race. The run row is the audit: who closed, and who was signed in when support staff
-- impersonated. Rows are never updated or deleted.
create table residual_runs (
  id bigint generated always as identity primary key,
  org_id integer not null references organizations (id),
  month date not null,
  closed_by integer not null references users (id),
  signed_in_user_id integer not null references users (id),
  closed_at timestamptz not null default now(),
  nodes jsonb not null,
  adjustments jsonb not null,
  schedule_versions jsonb not null,
  split_versions jsonb not null,
  unique (org_id, month)
);

create table residual_run_lines (
  run_id bigint not null references residual_runs (id),
  mid text not null,
  name text not null,
  agent_code text,
  sub_iso_code text,
  sales bigint not null,
  volume_cents bigint not null,
  income_cents bigint not null,
  interchange_cents bigint not null,
  scheme_fees_cents bigint not null,
  schedule_a_cents bigint not null,
  net_cents bigint not null,
  agent_share_pct numeric(5, 2) not null,
  agent_payout_cents bigint not null,
  sub_iso_share_pct numeric(5, 2) not null,
  sub_iso_payout_cents bigint not null,
  house_cents bigint not null,
  primary key (run_id, mid)
);
