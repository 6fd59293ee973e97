-- My foods and saved meals (docs/decisions/068). A person's own food: its figures per 100 g or per serving
-- as typed, with an optional household measure (the grams of one "slice", "bar"…). It is logged as
-- `my-<id>` and found by the person's own food search, never by anyone else's.
create table my_foods (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  name text not null check (length(name) between 1 and 80),
  basis text not null check (basis in ('100g', 'serving')),
  energy_kcal double precision not null check (energy_kcal between 0 and 10000),
  protein_g double precision check (protein_g between 0 and 1000),
  carbs_g double precision check (carbs_g between 0 and 1000),
  fat_g double precision check (fat_g between 0 and 1000),
  measure_unit text check (length(measure_unit) between 1 and 40),
  measure_grams double precision check (measure_grams between 1 and 5000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index my_foods_user_idx on my_foods (user_id, name);

-- A saved meal: a named group of entries logged together in one tap. Each item's figures are copied when
-- the group is saved, as food_log copies them when logged, so logging it needs no lookup (nor the network).
create table meal_groups (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  name text not null check (length(name) between 1 and 80),
  items jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index meal_groups_user_idx on meal_groups (user_id, name);
