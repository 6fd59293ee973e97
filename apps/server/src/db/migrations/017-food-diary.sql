-- The food diary (docs/decisions/052): what was really eaten besides the ticked plan items of
-- meal_logs. A row is a food of the search (food_id, figures copied when logged so a later data change
-- does not rewrite the past) or a custom entry / quick add (food_id null, figures as typed). Dates are
-- the user's own calendar days, as in migration 007.
create table food_log (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  log_date date not null check (log_date >= date '1900-01-01'),
  meal text not null check (meal in ('Breakfast', 'Lunch', 'Snacks', 'Dinner')),
  food_id text check (length(food_id) between 1 and 120),
  name text not null check (length(name) between 1 and 120),
  -- Grams eaten, when known (a food, or a custom entry given by weight).
  grams double precision check (grams between 1 and 5000),
  -- Servings of the food's household measure or of the custom entry, when given that way.
  servings double precision check (servings > 0 and servings <= 100),
  energy_kcal double precision not null check (energy_kcal between 0 and 10000),
  protein_g double precision check (protein_g between 0 and 1000),
  carbs_g double precision check (carbs_g between 0 and 1000),
  fat_g double precision check (fat_g between 0 and 1000),
  -- The plan item this entry was eaten instead of ("ate something else"); the plan itself stays.
  instead_of_item_id text check (length(instead_of_item_id) between 1 and 200),
  created_at timestamptz not null default now()
);
create index food_log_user_date_idx on food_log (user_id, log_date);

-- Days the user marked complete: the adaptive target counts them whatever their intake.
create table diary_days (
  user_id uuid not null references users (id) on delete cascade,
  log_date date not null check (log_date >= date '1900-01-01'),
  complete boolean not null,
  updated_at timestamptz not null default now(),
  primary key (user_id, log_date)
);
