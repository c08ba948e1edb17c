-- Outgoing e-mail, alerts and subscriptions. Each queue is its table, claimed with
-- FOR UPDATE SKIP LOCKED like export_jobs, so one process runs each piece of work.

-- Schedules run in the organisation's time zone (an IANA name).
alter table organizations add column time_zone text not null default 'UTC';

-- Every mail the portal sends. A mail whose send fails goes back to 'queued' with a later
-- next_attempt_at until its attempts run out; then 'failed' with the reason kept.
create table mail_outbox (
  id integer generated always as identity primary key,
  org_id integer not null references organizations (id),
  -- What sent it: an alert firing or a subscription run (for the failure shown on it).
  alert_id integer,
  subscription_id integer,
  to_email text not null,
  subject text not null,
  body_text text not null,
  body_html text not null,
  -- [{ filename, content_type, key }]: files in the file store.
  attachments jsonb not null default '[]'::jsonb,
  status text not null default 'queued' check (status in ('queued', 'sending', 'sent', 'failed')),
  attempts integer not null default 0,
  last_error text,
  next_attempt_at timestamptz not null default now(),
  claimed_by text,
  claimed_at timestamptz,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index mail_outbox_due on mail_outbox (next_attempt_at, id) where status = 'queued';
create index mail_outbox_alert on mail_outbox (alert_id, id desc);
create index mail_outbox_subscription on mail_outbox (subscription_id, id desc);

create table alerts (
  id integer generated always as identity primary key,
  org_id integer not null references organizations (id),
  created_by integer not null references users (id),
  name text not null,
  -- { measure, scope, filters, condition, threshold, change_unit, window, window_days }
  rule jsonb not null,
  recipients integer[] not null,
  enabled boolean not null default true,
  -- The firing now open (null: the condition is clear).
  open_firing_id integer,
  last_evaluated_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index alerts_org on alerts (org_id, id);

create table alert_firings (
  id integer generated always as identity primary key,
  alert_id integer not null references alerts (id) on delete cascade,
  org_id integer not null references organizations (id),
  fired_at timestamptz not null,
  cleared_at timestamptz,
  -- The query description asked (the same the query API answers) and the figures that met the rule.
  query jsonb not null,
  items jsonb not null
);
create index alert_firings_alert on alert_firings (alert_id, fired_at desc, id desc);

-- One row per organisation with alerts: the evaluation job. due_at moves to now on a data change
-- (an upload loaded) and to the next scheduled time after each run.
create table alert_evaluations (
  org_id integer primary key references organizations (id),
  due_at timestamptz not null,
  claimed_by text,
  claimed_at timestamptz,
  last_run_at timestamptz
);

create table subscriptions (
  id integer generated always as identity primary key,
  org_id integer not null references organizations (id),
  created_by integer not null references users (id),
  name text not null,
  -- { kind: 'dashboard', dashboard_id, filters } | { kind: 'export', definition_id }
  source jsonb not null,
  -- { frequency: daily | weekly | monthly, hour, weekday (1 Monday … 7 Sunday), day_of_month }
  schedule jsonb not null,
  recipients integer[] not null,
  enabled boolean not null default true,
  -- The job: claimed when due; after a run it moves to the next time after the run, so runs missed
  -- while no process was up are made once.
  next_run_at timestamptz not null,
  claimed_by text,
  claimed_at timestamptz,
  last_run_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index subscriptions_org on subscriptions (org_id, id);
create index subscriptions_due on subscriptions (next_run_at) where enabled;
