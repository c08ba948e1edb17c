-- The owner's partner audit (issue #42 item 5): during an impersonation the verified caller (actor_*) is
-- the support person, and the change was made in the impersonated user's name; both are kept.
alter table partner_changes add column on_behalf_of_user_id integer references users (id) on delete set null;
alter table partner_changes add column on_behalf_of_email text;
create index partner_changes_org on partner_changes (org_id, at desc, id desc);
