-- Mail re-checks rights when it sends (issue 42), and the outbox is fair and sends once.

-- A run or a recipient skipped because the right to the mail was gone when it was sent: the history
-- the creator and the owners see on /alerts. user_id is the creator (a run skipped) or the recipient.
create table mail_skips (
  id integer generated always as identity primary key,
  org_id integer not null references organizations (id),
  alert_id integer references alerts (id) on delete cascade,
  subscription_id integer references subscriptions (id) on delete cascade,
  user_id integer references users (id) on delete set null,
  reason text not null check (reason in ('creator-inactive', 'creator-lacks-role', 'recipient-inactive', 'recipient-lacks-role')),
  skipped_at timestamptz not null
);
create index mail_skips_alert on mail_skips (alert_id, id desc);
create index mail_skips_subscription on mail_skips (subscription_id, id desc);

-- The sending lease, in the database's own clock: renewed while the send runs, so only a mail whose
-- sender stopped goes back to the queue (attempts counts every claim).
alter table mail_outbox add column lease_until timestamptz;

-- The outbox takes turns between organisations: each claim goes to the organisation served longest ago.
create table mail_turns (
  org_id integer primary key references organizations (id),
  turn bigint not null
);
create index mail_outbox_org_due on mail_outbox (org_id, next_attempt_at, id) where status = 'queued';
