-- One-off work of a deployment (demo seeding, last month's documents) done by one API process: the
-- process that holds the task's advisory lock does it and writes its row; the others find the row.
create table deployment_tasks (
  name text primary key,
  done_at timestamptz not null default now()
);

-- The API process running an export (INSTANCE_NAME, or host and process id): for operators and the
-- tests that stop that process.
alter table export_jobs add column claimed_by text;
