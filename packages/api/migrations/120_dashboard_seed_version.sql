-- Which version of the seeded dashboards (dashboards/seededDashboards.ts SEED_VERSION)
-- a seeded dashboard has had. A demo database seeded before a chart was added to the seed gets that
-- chart once, at its next start; a chart its owner removed afterwards is not brought back.
alter table dashboards add column seed_version integer not null default 1;
