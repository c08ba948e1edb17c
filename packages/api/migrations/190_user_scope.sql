-- Scoped books (issue #45, packages/api/README.md "Scoped books"): a user may be scoped to one node of the
-- portfolio hierarchy and then sees only that node's subtree of merchants, everywhere data is shown.
-- The node is kept by its code (what merchant_dim carries and a partner token names), not the analytics
-- engine's node_id: the hierarchy lives in the engine and a customer's reloaded hierarchy keeps its codes.
-- Owners are never scoped (the API refuses with organization/owner-not-scoped).
alter table users add column scope_node text;
create index users_scope_node on users (org_id, scope_node) where scope_node is not null;

-- The nodes a partner's sessions may be scoped to: a token's `node` lies in one of their subtrees.
alter table partners add column nodes jsonb not null default '[]';

-- An export keeps the scope it was made in: its job runs in it and its download is re-checked against it.
alter table export_jobs add column scope_node text;

alter table user_changes drop constraint user_changes_action_check;
alter table user_changes add constraint user_changes_action_check
  check (action in ('invite', 'invite-link', 'roles', 'name', 'deactivate', 'reactivate', 'second-factor-reset', 'sign-in-method', 'partner-provision', 'partner-binding', 'scope'));

-- Mail is made in its creator's book: a recipient scoped to another book is left out, and recorded.
alter table mail_skips drop constraint mail_skips_reason_check;
alter table mail_skips add constraint mail_skips_reason_check
  check (reason in ('creator-inactive', 'creator-lacks-role', 'recipient-inactive', 'recipient-lacks-role', 'recipient-outside-book'));
