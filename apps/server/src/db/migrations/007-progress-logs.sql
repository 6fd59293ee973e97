-- Following the plan (docs/decisions/022): weigh-ins, meals eaten, workout sets, and the target a user
-- accepted from the adaptive estimate. Dates are the user's own calendar days (no time zone).

-- One weigh-in per user and day; logging a day again replaces it.
create table weight_logs (
  user_id uuid not null references users (id) on delete cascade,
  log_date date not null check (log_date >= date '1900-01-01'),
  weight_kg double precision not null check (weight_kg between 20 and 400),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (user_id, log_date)
);

-- Items ticked as eaten. The name and energy are copied from the plan item when ticked, so a later
-- plan change does not rewrite what was eaten.
create table meal_logs (
  user_id uuid not null references users (id) on delete cascade,
  log_date date not null check (log_date >= date '1900-01-01'),
  item_id text not null check (length(item_id) between 1 and 200),
  item_name text not null,
  grams double precision not null check (grams between 0 and 5000),
  energy_kcal double precision not null check (energy_kcal >= 0),
  created_at timestamptz not null default now(),
  primary key (user_id, log_date, item_id)
);

-- One row per logged set; logging the same set again replaces it.
create table workout_sets (
  user_id uuid not null references users (id) on delete cascade,
  log_date date not null check (log_date >= date '1900-01-01'),
  exercise_id text not null check (length(exercise_id) between 1 and 120),
  set_number smallint not null check (set_number between 1 and 20),
  reps smallint not null check (reps between 0 and 100),
  load_kg double precision not null check (load_kg between 0 and 500),
  rir smallint not null check (rir between 0 and 10),
  created_at timestamptz not null default now(),
  primary key (user_id, exercise_id, log_date, set_number)
);
create index workout_sets_user_date_idx on workout_sets (user_id, log_date desc);

-- The adaptive target a user accepted (Pro). It replaces the Mifflin-St Jeor goal while the fitness
-- goal it was made for holds, so every plan and Alex plan for it; a new goal drops back to the formula.
alter table my_users
  add column user_adaptive_goal_tdee double precision check (user_adaptive_goal_tdee > 0),
  add column user_adaptive_fitness_goal text,
  add column user_adaptive_accepted_at timestamptz;
