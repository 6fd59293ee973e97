-- Joints the person told Alex hurt (docs/decisions/046-pain-notes.md): kept until they say it is
-- better, and every workout plan or swap leaves out exercises that load them. JSON array of joint names
-- ("knee", "shoulder", "lower back", "wrist", "elbow", "hip", "ankle", "neck"); [] when none.
alter table my_users
  add column user_injuries jsonb not null default '[]' check (jsonb_typeof(user_injuries) = 'array');
