-- Dashboards (reports) and their charts, and the audit of every write.
create table dashboards (
  id integer generated always as identity primary key,
  org_id integer not null references organizations (id),
  owner_id integer not null references users (id),
  title text not null,
  description text not null default '',
  -- The charts' order and sizes: [{ chart_id, w, h }] in reading order (dashboardLayoutSchema).
  layout jsonb not null default '[]',
  -- Dashboard-level filters (dashboardFiltersSchema): date range, industry, region, card brand, channel.
  filters jsonb not null default '{}',
  archived boolean not null default false,
  -- Seeded for a demo organisation; the seed finds its own by (org_id, title).
  seeded boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index dashboards_org on dashboards (org_id, archived, updated_at desc, id desc);

create table dashboard_charts (
  id integer generated always as identity primary key,
  dashboard_id integer not null references dashboards (id) on delete cascade,
  -- chartConfigSchema: type, title, query description, display options.
  config jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index dashboard_charts_dashboard on dashboard_charts (dashboard_id, id);

-- Who (the acting user and, when support staff impersonate, the signed-in person) changed which
-- dashboard or chart, how, and what it held afterwards.
create table dashboard_audit (
  id bigint generated always as identity primary key,
  org_id integer not null references organizations (id),
  dashboard_id integer,
  chart_id integer,
  user_id integer not null references users (id),
  signed_in_user_id integer not null references users (id),
  event text not null check (event in ('create', 'update', 'archive', 'restore', 'delete', 'chart-create', 'chart-update', 'chart-delete', 'chart-copy')),
  detail jsonb not null default '{}',
  at timestamptz not null default now()
);
create index dashboard_audit_org_at on dashboard_audit (org_id, at desc);
