-- A partner may publish its keys at a JWKS URL instead of pasting them (packages/api/docs/access.md
-- "Partner sessions"): the server fetches that set itself (https only in production). Null: the keys
-- are the partner_keys rows, as before.
alter table partners add column jwks_url text;
