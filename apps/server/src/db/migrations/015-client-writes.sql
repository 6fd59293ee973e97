-- Writes made offline carry an id made by the browser (docs/decisions/047): the first arrival of an id
-- is applied and its answer kept here; a replay of the same id is answered with the kept answer and
-- changes nothing, so a write queued offline lands exactly once however often it is sent.
create table client_writes (
  user_id uuid not null references users (id) on delete cascade,
  client_id uuid not null,
  -- The function the id was first used with; the same id for another function is refused.
  function_name text not null,
  -- The answer of the first arrival; null only inside the transaction that applies it.
  response jsonb,
  created_at timestamptz not null default now(),
  primary key (user_id, client_id)
);
