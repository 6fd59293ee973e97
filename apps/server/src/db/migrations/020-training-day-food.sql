-- Food on training days (docs/decisions/066): an opt-in setting that moves energy and carbohydrate to the
-- person's workout days and away from rest days, the week's energy kept. Off for every existing profile.
alter table my_users add column user_training_day_food boolean not null default false;
