-- Workouts a coach would sign (docs/decisions/014): the home equipment the user declared, and the exercises
-- replaced away from the current workout week so replacement never brings them back.

-- JSON array of home equipment ("dumbbells", "resistance band", "kettlebell", "pull-up bar", "bench");
-- null means the user has not said, and the planner assumes dumbbells and bands. [] means body weight only.
alter table my_users
  add column user_equipment jsonb check (user_equipment is null or jsonb_typeof(user_equipment) = 'array');

-- Names of exercises replaced away from this week's plan; emptied whenever a new week is planned.
alter table workout_plans
  add column replaced_away jsonb not null default '[]' check (jsonb_typeof(replaced_away) = 'array');
