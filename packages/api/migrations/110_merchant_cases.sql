-- Cases opened on a merchant from an AML or card-testing signal, their notes, and the audit
-- of every step. merchant_id is the analytics merchants table's id (org × 10^7 + n).
create table merchant_cases (
  id integer generated always as identity primary key,
  org_id integer not null references organizations (id),
  merchant_id bigint not null,
  signal text not null,
  status text not null default 'open' check (status in ('open', 'closed')),
  disposition text check (disposition in ('cleared', 'enhanced_due_diligence', 'terminate', 'match_listing')),
  match_reason_code text,
  opened_by integer not null references users (id),
  opened_at timestamptz not null default now(),
  closed_by integer references users (id),
  closed_at timestamptz
);
create index merchant_cases_org_merchant on merchant_cases (org_id, merchant_id, opened_at desc);

create table merchant_case_notes (
  id integer generated always as identity primary key,
  case_id integer not null references merchant_cases (id),
  author_id integer not null references users (id),
  body text not null,
  created_at timestamptz not null default now()
);
create index merchant_case_notes_case on merchant_case_notes (case_id, id);

-- Who (the acting user and, when support staff impersonate, the signed-in person) did what to which case.
create table merchant_case_audit (
  id bigint generated always as identity primary key,
  org_id integer not null references organizations (id),
  case_id integer not null,
  merchant_id bigint not null,
  user_id integer not null references users (id),
  signed_in_user_id integer not null references users (id),
  event text not null check (event in ('open', 'note', 'close')),
  detail jsonb not null,
  at timestamptz not null default now()
);
create index merchant_case_audit_org_at on merchant_case_audit (org_id, at desc);
