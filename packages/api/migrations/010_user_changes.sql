-- Every change an owner makes to a user (who, what, before, after, when). Actor and target
-- keep their e-mail and name as they were, so the history stays readable if a row changes later.
create table user_changes (
  id bigint generated always as identity primary key,
  org_id integer not null references organizations (id),
  target_user_id integer not null references users (id) on delete cascade,
  actor_user_id integer references users (id) on delete set null,
  actor_email text not null,
  actor_name text not null,
  action text not null check (action in ('invite', 'roles', 'name', 'deactivate', 'reactivate', 'second-factor-reset')),
  before jsonb,
  after jsonb,
  at timestamptz not null default now()
);
create index user_changes_org_at on user_changes (org_id, at desc, id desc);
create index user_changes_target on user_changes (target_user_id, at desc);

-- Paging thousands of users per organisation by name or e-mail without sorting the whole table.
create index users_org_name on users (org_id, lower(name), id);
create index users_org_email on users (org_id, lower(email), id);
