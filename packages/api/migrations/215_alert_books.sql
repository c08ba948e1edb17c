-- Alerts are evaluated and mailed in each recipient's book (issue #45, README "Scoped books"): a firing
-- belongs to the book it was evaluated in (null: the whole organisation), and each book fires, mails its
-- recipients and clears on its own. alerts.open_firing_id stays the creator's book's firing (the state
-- /alerts shows). Firings made before were made in the creator's book.
alter table alert_firings add column book text;
update alert_firings f set book = u.scope_node from alerts a join users u on u.id = a.created_by where a.id = f.alert_id;
create index alert_firings_open on alert_firings (alert_id, book) where cleared_at is null;
