-- Magic links share the recovery slot of one_time_tokens (GoTrue's layout), so the row must say
-- which link was mailed: a recovery link spent as `magiclink` or `email` gave a session without
-- the recovery session's 15-minute end (decision 009). Rows without it (mailed before this
-- migration, gone within the hour) count as recovery links.
alter table one_time_tokens add column link_type text
  check (link_type is null or link_type in ('signup', 'recovery', 'magiclink'));

-- Saved diets: the public page shows the owner's age, gender, weight, height and TDEE only if the
-- owner opted in (decision 044). Off for every existing plan: nobody chose to publish them.
alter table saved_diets add column show_body_data boolean not null default false;
