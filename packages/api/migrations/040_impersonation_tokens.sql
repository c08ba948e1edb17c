-- Support staff act as a user with a short-lived impersonation token exchanged for
-- their own ID token. Only the token's SHA-256 is stored: a copy of this table cannot be replayed.
-- can_write is support_write as held when the token was issued (each use checks it is still held).
create table impersonation_tokens (
  id bigint generated always as identity primary key,
  token_hash text not null unique,
  support_user_id integer not null references users (id) on delete cascade,
  target_user_id integer not null references users (id) on delete cascade,
  can_write boolean not null,
  expires_at timestamptz not null,
  created_at timestamptz not null
);
create index impersonation_tokens_expires_at on impersonation_tokens (expires_at);
