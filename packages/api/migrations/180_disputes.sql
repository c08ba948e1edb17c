-- The dispute desk (issue #44): what the desk did to each chargeback, and the evidence it stored.
-- The network's own events live in the analytics engine (dispute_events); the API merges the two.
-- chargeback_id is the analytics chargebacks table's id. Rows are only ever added: the actions table is
-- the audit too (the acting user and, when support staff impersonate, the signed-in person).
create table dispute_actions (
  id bigint generated always as identity primary key,
  org_id integer not null references organizations (id),
  chargeback_id bigint not null,
  action text not null check (action in ('assign', 'note', 'accept', 'represent', 'evidence')),
  user_id integer not null references users (id),
  signed_in_user_id integer not null references users (id),
  assignee_id integer references users (id),
  body text,
  evidence_ids bigint[] not null default '{}',
  at timestamptz not null default now()
);
create index dispute_actions_org_chargeback on dispute_actions (org_id, chargeback_id, id);
-- One answer per dispute: a second representment (or one after accepting) cannot be stored, even in a race.
create unique index dispute_actions_one_answer on dispute_actions (org_id, chargeback_id)
  where action in ('accept', 'represent');

create table dispute_evidence (
  id bigint generated always as identity primary key,
  org_id integer not null references organizations (id),
  chargeback_id bigint not null,
  file_key text not null,
  file_name text not null,
  content_type text not null check (content_type in ('application/pdf', 'image/png', 'image/jpeg')),
  bytes bigint not null,
  sha256 text not null,
  uploaded_by integer not null references users (id),
  at timestamptz not null default now()
);
create index dispute_evidence_org_chargeback on dispute_evidence (org_id, chargeback_id, id);
