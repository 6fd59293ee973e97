-- docs/product.md §3.6 "Diet screen": the first visit after plan creation asks whether to continue to /workouts. The
-- moment that question was first shown is kept per user, so it is asked once per account, not once
-- per browser (the hasVisitedDietScreen localStorage key stays a cache of it).
alter table my_users add column diet_screen_visited_at timestamptz;
