-- Payments (docs/decisions/007, docs/product.md §10): webhook idempotency, pending test checkouts,
-- cancellation reasons, and the provider details of each subscription.

-- One row per provider event applied or refused. Lemon Squeezy sends no event id, so event_id is
-- the X-Event-Id header or meta.event_id when present, else the SHA-256 of the raw body (a retry
-- of the same delivery has the same body, hence the same id).
create table webhook_events (
  event_id text primary key,
  event_name text not null,
  payload_sha256 text not null,
  subscription_id text,
  user_id uuid references users (id) on delete set null,
  -- applied: changed the subscription; stale: older than the state already stored; ignored: not ours.
  outcome text not null check (outcome in ('applied', 'stale', 'ignored')),
  received_at timestamptz not null default now()
);
create index webhook_events_received_idx on webhook_events (received_at);

-- Checkouts opened with PAYMENTS_PROVIDER=test: the opaque id in /test-checkout/<id> is a
-- single-use capability bound to one user and plan, valid for an hour.
create table payment_checkouts (
  checkout_id text primary key,
  user_id uuid not null references users (id) on delete cascade,
  email text not null,
  full_name text,
  plan text not null check (plan in ('monthly', 'yearly')),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  completed_at timestamptz
);
create index payment_checkouts_user_idx on payment_checkouts (user_id);

-- Why users leave (the cancel modal's reason), kept for the product team.
create table subscription_cancellations (
  id bigint generated always as identity primary key,
  user_id uuid not null references users (id) on delete cascade,
  subscription_id text not null,
  reason text not null,
  created_at timestamptz not null default now()
);
create index subscription_cancellations_user_idx on subscription_cancellations (user_id);

-- What the payments module keeps beside the original app's user_subscriptions row: which provider the
-- subscription belongs to (a test subscription is never sent to Lemon Squeezy's API) and when its
-- trial ends (a resumed subscription goes back to on_trial before then).
create table payment_subscriptions (
  user_id uuid primary key references users (id) on delete cascade,
  subscription_id text not null,
  provider text not null check (provider in ('test', 'lemonsqueezy')),
  trial_ends_at timestamptz,
  updated_at timestamptz not null default now()
);
create index if not exists user_subscriptions_subscription_idx on user_subscriptions (subscription_id);
