-- docs/product.md §3.15: the lines a user has ticked on their shopping list, kept on the server so
-- they survive a reload and follow the user to another device. A line is named as the list names it
-- (what is bought: "eggs", "white rice (dry)"); a tick outlives plan changes, as a paper list would.
create table grocery_ticks (
  user_id uuid not null references users (id) on delete cascade,
  line_name text not null check (length(line_name) between 1 and 200),
  created_at timestamptz not null default now(),
  primary key (user_id, line_name)
);
