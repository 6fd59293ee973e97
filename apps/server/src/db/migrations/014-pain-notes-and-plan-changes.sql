-- Joints the person told Alex hurt (docs/decisions/046-pain-notes.md): kept until they say it is
-- better, and every workout plan or swap leaves out exercises that load them. JSON array of joint names
-- ("knee", "shoulder", "lower back", "wrist", "elbow", "hip", "ankle", "neck"); [] when none.
alter table my_users
  add column user_injuries jsonb not null default '[]' check (jsonb_typeof(user_injuries) = 'array');

-- Every change Alex makes to the plans, so the person can undo it (docs/decisions/046-pain-notes.md): the
-- touched rows as they were before (null where the row did not exist), the plan revisions the change left
-- (an undo is refused once they moved), the profile columns it changed, and the before → after lines shown.
-- The last 20 per user are kept.
create table plan_changes (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  source text not null check (source in ('chat')),
  before jsonb not null check (jsonb_typeof(before) = 'object'),
  after_revisions jsonb not null check (jsonb_typeof(after_revisions) = 'object'),
  profile_before jsonb not null default '{}' check (jsonb_typeof(profile_before) = 'object'),
  lines jsonb not null default '[]' check (jsonb_typeof(lines) = 'array'),
  undone_at timestamptz,
  created_at timestamptz not null default now()
);
create index plan_changes_user_created_idx on plan_changes (user_id, created_at desc);
