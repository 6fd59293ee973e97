-- Plan items are stored as the engine's domain items (ids, units in names: docs/decisions/042) instead of the HTTP
-- API's wire shapes ("Workout Name", "No of Sets", Item, Weight…), which only the API's edge speaks now
-- (packages/contracts/src/plan-items.mapper.ts). Every stored plan is rewritten in place; nothing is dropped.

-- The id an exercise name stands for: the slug of the name, as exercise-library.ts exerciseIdOf makes it.
create function pg_temp.fitwise_exercise_id(name text) returns text language sql immutable as $$
  select trim(both '-' from regexp_replace(lower(name), '[^a-z0-9]+', '-', 'g'))
$$;

create function pg_temp.fitwise_meal_item(item jsonb) returns jsonb language sql immutable as $$
  select case when item ? 'Item' then jsonb_strip_nulls(jsonb_build_object(
    'id', item -> 'id',
    'slot', item -> 'Meal',
    'name', item -> 'Item',
    'grams', item -> 'Weight',
    'energyKcal', item -> 'Calories',
    'proteinG', item -> 'Protein',
    'carbsG', item -> 'Carbs',
    'fatG', item -> 'Fat',
    'foodId', item -> 'foodId',
    'image', item -> 'image',
    'measure', item -> 'measure'
  )) else item end
$$;

-- A rest day was known by the word "rest" in either field (older plans say "Rest" or "rest day"); the warm-up and
-- cool-down by their body part.
create function pg_temp.fitwise_workout_kind(item jsonb) returns text language sql immutable as $$
  select case
    when item ->> 'Workout Name' ~* '\mrest\M' or item ->> 'Body Part Targeted' ~* '\mrest\M' then 'rest'
    when btrim(item ->> 'Body Part Targeted') = 'Warmup' then 'warmup'
    when btrim(item ->> 'Body Part Targeted') = 'Cooldown' then 'cooldown'
    else 'exercise'
  end
$$;

create function pg_temp.fitwise_workout_item(item jsonb) returns jsonb language sql immutable as $$
  select case when item ? 'Workout Name' then jsonb_build_object(
    'id', item -> 'id',
    'day', item -> 'Day',
    'kind', pg_temp.fitwise_workout_kind(item),
    'exerciseId', case
      when pg_temp.fitwise_workout_kind(item) = 'rest' then 'rest-day'
      else pg_temp.fitwise_exercise_id(item ->> 'Workout Name')
    end,
    'name', item -> 'Workout Name',
    'bodyPart', item -> 'Body Part Targeted',
    'videoUrl', item -> 'Youtube Video Link',
    'sets', item -> 'No of Sets',
    'reps', item -> 'No of Reps'
  ) else item end
$$;

create function pg_temp.fitwise_meal_items(items jsonb) returns jsonb language sql immutable as $$
  select coalesce(jsonb_agg(pg_temp.fitwise_meal_item(element) order by position), '[]'::jsonb)
  from jsonb_array_elements(items) with ordinality as elements (element, position)
$$;

create function pg_temp.fitwise_workout_items(items jsonb) returns jsonb language sql immutable as $$
  select coalesce(jsonb_agg(pg_temp.fitwise_workout_item(element) order by position), '[]'::jsonb)
  from jsonb_array_elements(items) with ordinality as elements (element, position)
$$;

update meal_plans set items = pg_temp.fitwise_meal_items(items);
update saved_diets set diet_one = pg_temp.fitwise_meal_items(diet_one);
update workout_plans set items = pg_temp.fitwise_workout_items(items);
update saved_workouts set workout_plan = pg_temp.fitwise_workout_items(workout_plan);

-- Exercises replaced away this week were kept by name; Replace now compares ids.
alter table workout_plans rename column replaced_away to replaced_away_ids;
update workout_plans set replaced_away_ids = (
  select coalesce(jsonb_agg(to_jsonb(pg_temp.fitwise_exercise_id(name)) order by position), '[]'::jsonb)
  from jsonb_array_elements_text(replaced_away_ids) with ordinality as names (name, position)
);

drop function pg_temp.fitwise_workout_items(jsonb);
drop function pg_temp.fitwise_meal_items(jsonb);
drop function pg_temp.fitwise_workout_item(jsonb);
drop function pg_temp.fitwise_workout_kind(jsonb);
drop function pg_temp.fitwise_meal_item(jsonb);
drop function pg_temp.fitwise_exercise_id(text);
