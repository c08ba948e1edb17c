-- The server tells a partner-authenticated user from a standalone one by a column the
-- organisation's owner sets, never by anything the browser sends (SECURITY.md #3). Existing users sign
-- in on PayPortal's own screens.
alter table users add column sign_in_method text not null default 'standalone'
  check (sign_in_method in ('standalone', 'partner'));

alter table user_changes drop constraint user_changes_action_check;
alter table user_changes add constraint user_changes_action_check
  check (action in ('invite', 'roles', 'name', 'deactivate', 'reactivate', 'second-factor-reset', 'sign-in-method'));
