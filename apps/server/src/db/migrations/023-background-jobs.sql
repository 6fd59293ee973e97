-- Bulk work off the request path (docs/decisions/070-durable-background-jobs.md). On PostgreSQL the jobs live in
-- pg-boss's own schema; the embedded database (one process, PGlite) runs the same handlers from this table, so a job
-- queued before a restart still runs after it.
create table background_jobs (
  id bigint generated always as identity primary key,
  kind text not null,
  -- user + kind + version: a second job with the key of one still waiting is not queued (one may wait while another
  -- with its key runs, as pg-boss's "stately" queues allow).
  job_key text not null,
  payload jsonb not null,
  state text not null default 'queued' check (state in ('queued', 'running', 'done', 'failed')),
  attempts integer not null default 0,
  run_after timestamptz not null default now(),
  last_error text,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create unique index background_jobs_waiting_key on background_jobs (job_key) where state = 'queued';
create index background_jobs_due on background_jobs (run_after) where state = 'queued';
