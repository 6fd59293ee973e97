-- Alex, the 24/7 trainer (docs/decisions/008): the chat history kept per user (the server is its source of
-- truth; the browser's chat_history key is a cache) and product analytics events.

create table chat_messages (
  id bigint generated always as identity primary key,
  user_id uuid not null references users (id) on delete cascade,
  sender text not null check (sender in ('user', 'assistant')),
  -- Markdown as written by the trainer or typed by the user; the browser renders it without raw HTML.
  content text not null check (length(content) <= 20000),
  created_at timestamptz not null default now()
);
-- History is read newest first per user; the identity breaks ties between messages stored together.
create index chat_messages_user_created_idx on chat_messages (user_id, created_at desc, id desc);

-- docs/decisions/011 (analytics): named events (e.g. WEB_user_in_chat_screen) with free-form properties. The
-- user is kept when known; deleting the account keeps the anonymous counts.
create table analytics_events (
  id bigint generated always as identity primary key,
  user_id uuid references users (id) on delete set null,
  name text not null check (length(name) between 1 and 200),
  properties jsonb not null default '{}' check (jsonb_typeof(properties) = 'object'),
  created_at timestamptz not null default now()
);
create index analytics_events_name_created_idx on analytics_events (name, created_at);
