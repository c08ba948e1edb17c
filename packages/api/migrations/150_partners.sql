-- Signed embed sessions: an owner registers a partner for the organisation; the partner's backend signs
-- short-lived session tokens with a private key whose public half is kept here (README "Partner sessions").
create table partners (
  id integer generated always as identity primary key,
  org_id integer not null references organizations (id),
  -- the token's iss: public, unguessable only to keep partners apart in logs, not a secret
  issuer text not null unique,
  name text not null,
  allowed_origins jsonb not null,
  roles jsonb not null,
  provision_users boolean not null,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index partners_org on partners (org_id);

-- Public keys by kid; a retired key stays so a token signed with it is refused by name, not as unknown.
create table partner_keys (
  partner_id integer not null references partners (id) on delete cascade,
  kid text not null,
  alg text not null,
  public_jwk jsonb not null,
  added_at timestamptz not null default now(),
  retired_at timestamptz,
  primary key (partner_id, kid)
);

-- Each token's jti works once; a row is needed only until the token could no longer pass anyway.
create table partner_session_jtis (
  partner_id integer not null references partners (id) on delete cascade,
  jti text not null,
  expires_at timestamptz not null,
  primary key (partner_id, jti)
);
create index partner_session_jtis_expires_at on partner_session_jtis (expires_at);

-- Every registration, key change and revocation: who, what, before, after, when.
create table partner_changes (
  id bigint generated always as identity primary key,
  org_id integer not null references organizations (id),
  partner_id integer not null references partners (id) on delete cascade,
  actor_user_id integer references users (id) on delete set null,
  actor_email text not null,
  actor_name text not null,
  action text not null check (action in ('register', 'add-key', 'retire-key', 'revoke')),
  before jsonb,
  after jsonb,
  at timestamptz not null default now()
);
create index partner_changes_partner on partner_changes (partner_id, at desc);

-- A user a partner's session created is audited like an owner's invitation, with the partner as actor.
alter table user_changes drop constraint user_changes_action_check;
alter table user_changes add constraint user_changes_action_check
  check (action in ('invite', 'invite-link', 'roles', 'name', 'deactivate', 'reactivate', 'second-factor-reset', 'sign-in-method', 'partner-provision'));
