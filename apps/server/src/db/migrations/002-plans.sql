-- The plan journey (docs/decisions/006): current plans per user (the server is their source of truth),
-- saved and shared plans, the free-replacement counter, and the subscription record Pro status
-- is read from (filled in by the payments module).

-- One row per user and day index 1-7 (the original app's diet_one ... diet_seven).
create table meal_plans (
  user_id uuid not null references users (id) on delete cascade,
  day_index smallint not null check (day_index between 1 and 7),
  -- Array of meal items as the engine returns them.
  items jsonb not null check (jsonb_typeof(items) = 'array'),
  -- Engine seed: derived from user, day and generation, so the same request gives the same plan.
  seed integer not null,
  -- Incremented by every reset, so a reset gives a different plan.
  generation integer not null default 0 check (generation >= 0),
  -- Incremented by every change of items; writes check it so concurrent changes cannot be lost.
  revision integer not null default 0 check (revision >= 0),
  -- SHA-256 of the planning inputs; a profile change makes the stored plan stale.
  inputs_hash text not null,
  target_kcal double precision not null,
  notes jsonb not null default '[]' check (jsonb_typeof(notes) = 'array'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (user_id, day_index)
);

create table workout_plans (
  user_id uuid primary key references users (id) on delete cascade,
  items jsonb not null check (jsonb_typeof(items) = 'array'),
  split text not null,
  seed integer not null,
  generation integer not null default 0 check (generation >= 0),
  revision integer not null default 0 check (revision >= 0),
  inputs_hash text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Saved diets (docs/product.md §7): the day's items plus a snapshot of the profile at saving time.
-- diet_id is a UUID v4 made by the server: the share link is unguessable.
create table saved_diets (
  diet_id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  public boolean not null default true,
  user_activity double precision,
  user_age integer,
  user_allergies text,
  user_diet_preference text,
  user_fav_food text,
  user_fitness_goal text,
  user_food_preference text,
  user_gender text,
  user_goal_tdee double precision,
  user_height_in_cm double precision,
  user_preferred_protein_sources jsonb not null default '[]' check (jsonb_typeof(user_preferred_protein_sources) = 'array'),
  user_tdee double precision,
  user_weight_in_kgs double precision,
  diet_one jsonb not null check (jsonb_typeof(diet_one) = 'array'),
  created_at timestamptz not null default now()
);
create index saved_diets_user_created_idx on saved_diets (user_id, created_at desc);

create table saved_workouts (
  workout_id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  public boolean not null default true,
  workout_plan jsonb not null check (jsonb_typeof(workout_plan) = 'array'),
  user_experience_level text,
  user_fitness_goal text,
  user_preferred_workout_days jsonb not null default '[]' check (jsonb_typeof(user_preferred_workout_days) = 'array'),
  user_workout_type text,
  created_at timestamptz not null default now()
);
create index saved_workouts_user_created_idx on saved_workouts (user_id, created_at desc);

-- Free replacements used (docs/product.md §6: 3), meals and workouts together. Only the server writes it.
create table usage_counters (
  user_id uuid primary key references users (id) on delete cascade,
  free_replacements integer not null default 0 check (free_replacements >= 0),
  updated_at timestamptz not null default now()
);

-- docs/product.md §7 "Subscription". Written by the payments module from the provider's webhooks; Pro status
-- is derived from it (status active or on_trial, or cancelled with ends_at in the future).
create table user_subscriptions (
  user_id uuid primary key references users (id) on delete cascade,
  subscription_id text,
  status_name text,
  -- A string, as the original app has it: 'true' once the user cancelled (Pro stays until ends_at).
  manually_cancelled text not null default 'false' check (manually_cancelled in ('true', 'false')),
  renew_date timestamptz,
  ends_at timestamptz,
  variant text,
  updated_at timestamptz not null default now(),
  -- Time of the provider event last applied, so an older event arriving late cannot undo a newer one.
  last_event_at timestamptz
);
