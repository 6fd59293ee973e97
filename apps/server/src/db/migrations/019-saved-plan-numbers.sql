-- docs/decisions/058: "Diet Plan #N" was the position in a newest-first list, so every save renumbered the
-- others (yesterday's #1 became #5). Each saved plan now keeps the number it got when it was saved:
-- one more than the owner's highest so far. Plans saved before this get their creation order.
alter table saved_diets add column plan_number integer;
alter table saved_workouts add column plan_number integer;

update saved_diets
set plan_number = numbered.n
from (
  select diet_id, row_number() over (partition by user_id order by created_at, diet_id) as n
  from saved_diets
) as numbered
where saved_diets.diet_id = numbered.diet_id;

update saved_workouts
set plan_number = numbered.n
from (
  select workout_id, row_number() over (partition by user_id order by created_at, workout_id) as n
  from saved_workouts
) as numbered
where saved_workouts.workout_id = numbered.workout_id;

alter table saved_diets alter column plan_number set not null;
alter table saved_workouts alter column plan_number set not null;
alter table saved_diets add constraint saved_diets_plan_number_positive check (plan_number > 0);
alter table saved_workouts add constraint saved_workouts_plan_number_positive check (plan_number > 0);
