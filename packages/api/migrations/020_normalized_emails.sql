-- E-mail addresses are normalised once, when stored (trim, Unicode NFC, lower case
-- without locale: normalizeEmail in @payportal/shared), and compared exactly; no lower() at query time.
update users set email = lower(normalize(btrim(email), NFC)) where email <> lower(normalize(btrim(email), NFC));
drop index users_email_unique;
create unique index users_email_unique on users (email);
alter table users add constraint users_email_normalized check (email = lower(btrim(email)));
drop index users_org_email;
create index users_org_email on users (org_id, email, id);
