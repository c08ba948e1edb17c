-- Saved, named repricing scenarios of the revenue optimizer, and the audit of every write.
create table optimizer_scenarios (
  id integer generated always as identity primary key,
  org_id integer not null references organizations (id),
  owner_id integer not null references users (id),
  name text not null,
  definition jsonb not null,
  created_at timestamptz not null default now()
);
create index optimizer_scenarios_org on optimizer_scenarios (org_id, created_at desc, id desc);

-- Who (the acting user and, when support staff impersonate, the signed-in person) saved or deleted
-- which scenario, and what it held.
create table optimizer_audit (
  id bigint generated always as identity primary key,
  org_id integer not null references organizations (id),
  scenario_id integer,
  user_id integer not null references users (id),
  signed_in_user_id integer not null references users (id),
  event text not null check (event in ('save', 'delete')),
  name text not null,
  definition jsonb not null,
  at timestamptz not null default now()
);
create index optimizer_audit_org_at on optimizer_audit (org_id, at desc);
