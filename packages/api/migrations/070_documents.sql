-- Documents (generated statements and extracts, shared PDFs), their audit, and download
-- tickets made general: one table for every kind of download (exports, documents).

-- The tickets of exports move here; they live a minute, so none is worth carrying over. Only the
-- ticket's SHA-256 is kept: a copy of this table cannot download anything.
drop table export_download_tickets;
create table download_tickets (
  ticket_hash text primary key,
  kind text not null check (kind in ('export', 'document')),
  -- The export job's or the document's id; the feature checks it is still there and still the user's.
  subject_id integer not null,
  user_id integer not null references users (id),
  signed_in_user_id integer not null references users (id),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index download_tickets_expires on download_tickets (expires_at);

-- File bytes live in the file store (DATA_DIR); this is their metadata. A generated document has no
-- creator (the portal made it) and is unique per organisation, type and month: generating again
-- replaces it. period is the first day of the month the document is about.
create table documents (
  id integer generated always as identity primary key,
  org_id integer not null references organizations (id),
  type text not null check (type in ('statement', 'merchant_extract', 'scheme_notice', 'contract', 'guide', 'other')),
  generated boolean not null,
  title text not null,
  period date not null,
  file_key text not null,
  file_name text not null,
  content_type text not null check (content_type in ('application/pdf', 'text/csv')),
  bytes bigint not null,
  sha256 text not null,
  created_by integer references users (id),
  signed_in_user_id integer references users (id),
  created_at timestamptz not null default now()
);
create index documents_org_created on documents (org_id, created_at desc, id desc);
create unique index documents_generated_month on documents (org_id, type, period) where generated;

-- Every generation, upload, view, download and delete: who (the acting user and the signed-in person,
-- who differ when support staff impersonate; none for the portal's own generation at start), what.
create table document_audit (
  id bigint generated always as identity primary key,
  org_id integer not null references organizations (id),
  document_id integer,
  user_id integer references users (id),
  signed_in_user_id integer references users (id),
  event text not null check (event in ('generate', 'upload', 'view', 'download', 'delete')),
  title text not null,
  sha256 text,
  at timestamptz not null default now()
);
create index document_audit_org_at on document_audit (org_id, at desc);
