-- Data uploads. One row per upload, from its first tus byte to its end (and later actions):
-- the bytes live in the file store (DATA_DIR), the rows in the analytics engine tagged with this id,
-- the rejected rows in the engine's upload_rejects. series_id groups the versions of one upload
-- (new_version counts up; rollback goes back one).
create table uploads (
  id integer generated always as identity primary key,
  org_id integer not null references organizations (id),
  user_id integer not null references users (id),
  -- The signed-in person: the user, or support staff impersonating them (for the audit).
  signed_in_user_id integer not null references users (id),
  kind text not null check (kind in ('merchants', 'transactions', 'chargebacks')),
  mode text not null check (mode in ('append', 'replace', 'new_version')),
  series_id integer,
  version integer not null default 1,
  reject_whole_file boolean not null default false,
  file_name text not null,
  file_key text not null,
  bytes bigint not null,
  sha256 text,
  duplicate_of integer,
  status text not null default 'receiving' check (status in ('receiving', 'uploaded', 'validating', 'loading', 'done', 'failed', 'rejected', 'superseded', 'replaced', 'rolled_back', 'deleted')),
  rows_total bigint,
  rows_loaded bigint,
  rows_rejected bigint,
  failure text,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index uploads_org_created on uploads (org_id, created_at desc, id desc);
create index uploads_org_sha on uploads (org_id, sha256);

-- Every upload, replace, rollback and delete: who (acting and signed-in), what, when.
create table upload_audit (
  id bigint generated always as identity primary key,
  org_id integer not null references organizations (id),
  upload_id integer not null,
  user_id integer not null references users (id),
  signed_in_user_id integer not null references users (id),
  event text not null check (event in ('upload', 'loaded', 'failed', 'replace', 'new_version', 'rollback', 'delete')),
  detail text,
  at timestamptz not null default now()
);
create index upload_audit_org_at on upload_audit (org_id, at desc);
