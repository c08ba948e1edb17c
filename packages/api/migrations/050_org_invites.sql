-- Invitations belong to their organisation. An address is unique per organisation,
-- so an owner can invite any address without learning whether another organisation has it; an
-- identity still links to at most one portal user (firebase_uid stays unique), so one address has at
-- most one linked row. Linking needs the invitation's single-use secret, of which only the SHA-256 is
-- stored (hex), with its expiry; both are cleared when the invitation is accepted.
drop index users_email_unique;
create unique index users_org_email_unique on users (org_id, email);
-- Impersonation finds a user by address alone (callerContext.ts).
create index users_email on users (email);

alter table users add column invite_token_hash text unique check (invite_token_hash ~ '^[0-9a-f]{64}$');
alter table users add column invite_expires_at timestamptz;
-- An open invitation has both, and only a user without an identity can have one.
alter table users add constraint users_invite_open check ((invite_token_hash is null) = (invite_expires_at is null));
alter table users add constraint users_invite_unlinked check (invite_token_hash is null or firebase_uid is null);

-- The owner's "new sign-up link" is audited like every other change to a user.
alter table user_changes drop constraint user_changes_action_check;
alter table user_changes add constraint user_changes_action_check
  check (action in ('invite', 'invite-link', 'roles', 'name', 'deactivate', 'reactivate', 'second-factor-reset', 'sign-in-method'));
