-- Saved CSV export definitions, export jobs (the queue is this table, claimed with
-- FOR UPDATE SKIP LOCKED: see the README), single-use download tickets and the audit of every run.
create table export_definitions (
  id integer generated always as identity primary key,
  org_id integer not null references organizations (id),
  owner_id integer not null references users (id),
  name text not null,
  description text not null default '',
  query jsonb not null,
  csv jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index export_definitions_org on export_definitions (org_id, updated_at desc, id desc);

-- A job keeps its own copy of the query and options: editing the definition later never changes what
-- an earlier file holds. heartbeat_at moves while a runner works on it; a 'running' job whose heartbeat
-- stopped belongs to a process that died, and is run again (attempts) or failed.
create table export_jobs (
  id integer generated always as identity primary key,
  org_id integer not null references organizations (id),
  user_id integer not null references users (id),
  -- The signed-in person who asked: the user, or support staff impersonating them (for the audit).
  requested_by integer not null references users (id),
  definition_id integer references export_definitions (id) on delete set null,
  name text not null,
  query jsonb not null,
  csv jsonb not null,
  status text not null default 'queued' check (status in ('queued', 'running', 'ready', 'expired', 'failed', 'cancelled')),
  row_cap integer not null check (row_cap > 0),
  rows_written bigint not null default 0,
  rows_estimate bigint,
  capped boolean not null default false,
  failure_reason text,
  file_key text,
  file_bytes bigint,
  attempts integer not null default 0,
  cancel_requested boolean not null default false,
  heartbeat_at timestamptz,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  expires_at timestamptz
);
create index export_jobs_queued on export_jobs (created_at, id) where status = 'queued';
create index export_jobs_running on export_jobs (heartbeat_at) where status = 'running';
create index export_jobs_expiring on export_jobs (expires_at) where status = 'ready';
create index export_jobs_user on export_jobs (user_id, created_at desc, id desc);

-- Only the ticket's SHA-256 is kept: a copy of this table cannot download anything.
create table export_download_tickets (
  ticket_hash text primary key,
  job_id integer not null references export_jobs (id) on delete cascade,
  user_id integer not null references users (id),
  signed_in_user_id integer not null references users (id),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index export_download_tickets_expires on export_download_tickets (expires_at);

-- Every run, its end and every download: who (the acting user and, when support
-- staff impersonate, the signed-in person), what (the query), how many rows.
create table export_audit (
  id bigint generated always as identity primary key,
  org_id integer not null references organizations (id),
  job_id integer references export_jobs (id) on delete set null,
  user_id integer not null references users (id),
  signed_in_user_id integer not null references users (id),
  event text not null check (event in ('run', 'ready', 'failed', 'cancelled', 'download')),
  definition_id integer,
  query jsonb,
  rows bigint,
  at timestamptz not null default now()
);
create index export_audit_org_at on export_audit (org_id, at desc);
