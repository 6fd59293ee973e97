-- Auth tables modelled on Supabase Auth (GoTrue), so the API can answer in its shapes,
-- plus my_users, the profile table named in docs/product.md §7.

create table users (
  id uuid primary key default gen_random_uuid(),
  aud text not null default 'authenticated',
  role text not null default 'authenticated',
  -- Stored lower-cased so the unique constraint is case-insensitive.
  email text not null unique check (email = lower(email)),
  -- argon2id PHC string; null for accounts that only sign in through an identity provider.
  encrypted_password text,
  email_confirmed_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb not null default '{"provider": "email", "providers": ["email"]}',
  raw_user_meta_data jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table identities (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  provider text not null,
  provider_id text not null,
  identity_data jsonb not null default '{}',
  last_sign_in_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (provider, provider_id)
);
create index identities_user_id_idx on identities (user_id);

create table sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  aal text not null default 'aal1' check (aal in ('aal1', 'aal2', 'aal3')),
  factor_id uuid,
  -- The session may not be refreshed or used after this instant (null: no hard limit).
  not_after timestamptz,
  refreshed_at timestamptz,
  user_agent text,
  ip text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index sessions_user_id_idx on sessions (user_id);

create table refresh_tokens (
  id bigint generated always as identity primary key,
  -- SHA-256 (hex) of the opaque token; the token itself is never stored.
  token_hash text not null unique,
  user_id uuid not null references users (id) on delete cascade,
  session_id uuid not null references sessions (id) on delete cascade,
  -- token_hash of the token this one replaced.
  parent text,
  revoked boolean not null default false,
  used_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index refresh_tokens_session_id_idx on refresh_tokens (session_id);
create index refresh_tokens_parent_idx on refresh_tokens (parent);

create table one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  token_type text not null check (
    token_type in ('confirmation_token', 'reauthentication_token', 'recovery_token',
                   'email_change_token_new', 'email_change_token_current', 'phone_change_token')
  ),
  token_hash text not null,
  relates_to text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, token_type)
);
create index one_time_tokens_token_hash_idx on one_time_tokens (token_hash);

create table mfa_factors (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  friendly_name text,
  factor_type text not null check (factor_type in ('totp', 'phone', 'webauthn')),
  status text not null default 'unverified' check (status in ('unverified', 'verified')),
  secret text,
  last_challenged_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index mfa_factors_user_id_idx on mfa_factors (user_id);

create table mfa_challenges (
  id uuid primary key default gen_random_uuid(),
  factor_id uuid not null references mfa_factors (id) on delete cascade,
  ip_address text,
  verified_at timestamptz,
  created_at timestamptz not null default now()
);
create index mfa_challenges_factor_id_idx on mfa_challenges (factor_id);

create table my_users (
  user_id uuid primary key references users (id) on delete cascade,
  user_email text,
  user_full_name text,
  user_age integer check (user_age between 1 and 150),
  user_gender text check (user_gender in ('male', 'female')),
  user_weight_in_kgs double precision check (user_weight_in_kgs > 0),
  user_height_in_cm double precision check (user_height_in_cm > 0),
  -- Activity multiplier (docs/product.md §6), e.g. 1.2 to 1.9.
  user_activity double precision check (user_activity > 0),
  user_tdee double precision,
  user_goal_tdee double precision,
  user_fitness_goal text,
  user_preferred_workout_days jsonb not null default '[]' check (jsonb_typeof(user_preferred_workout_days) = 'array'),
  user_workout_type text,
  user_experience_level text,
  user_diet_preference text,
  user_food_preference text,
  user_preferred_protein_sources jsonb not null default '[]' check (jsonb_typeof(user_preferred_protein_sources) = 'array'),
  user_fav_food text,
  user_allergies text,
  user_avoid_food text,
  source text,
  user_device text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
