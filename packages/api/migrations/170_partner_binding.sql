-- Which partner's sessions may open a user (issue #42, SECURITY.md #14): the partner that provisioned
-- them, or the one the owner bound them to. A partner's token for any other user is refused
-- (partner/not-your-user), and a bound user signs in through that partner only (SECURITY.md #3).
alter table users add column partner_id integer references partners (id);
create index users_partner on users (partner_id) where partner_id is not null;

-- No partner opens an owner session: a cap that holds org_owner loses it.
update partners set roles = roles - 'org_owner' where roles ? 'org_owner';

-- Users a partner's session created are that partner's, as the audit says (never an owner).
update users u set partner_id = p.id
  from user_changes c join partners p on p.issuer = c.actor_email and p.org_id = c.org_id
  where c.action = 'partner-provision' and c.target_user_id = u.id and u.org_id = p.org_id
    and u.partner_id is null
    and not exists (
      select 1 from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id and r.name = 'org_owner'
    );

alter table user_changes drop constraint user_changes_action_check;
alter table user_changes add constraint user_changes_action_check
  check (action in ('invite', 'invite-link', 'roles', 'name', 'deactivate', 'reactivate', 'second-factor-reset', 'sign-in-method', 'partner-provision', 'partner-binding'));
