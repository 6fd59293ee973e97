-- docs/decisions/029: within a day plan, a food the user replaced away never comes back through Replace.
-- The foods replaced away since the day was last planned, as a JSON array of catalogue ids;
-- planning the day afresh empties it.
alter table meal_plans add column replaced_food_ids jsonb not null default '[]'::jsonb
  check (jsonb_typeof(replaced_food_ids) = 'array');
