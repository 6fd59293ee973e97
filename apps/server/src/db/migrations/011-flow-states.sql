-- docs/decisions/035: grant_type=pkce (RFC 7636), as Supabase Auth (GoTrue) keeps it in auth.flow_state.
-- A client that starts a sign-in with a code_challenge (Google /authorize, or /signup and /recover
-- when e-mail links are on) gets back a short-lived single-use auth code instead of a session; only
-- the holder of the code_verifier can turn that code into a session at POST /token?grant_type=pkce.
create table flow_states (
  id uuid primary key default gen_random_uuid(),
  -- Known from the start for e-mail flows; set when a Google callback resolves the account.
  user_id uuid references users (id) on delete cascade,
  -- Only the SHA-256 of the auth code is kept, like every other bearer secret here.
  auth_code_hash text unique,
  code_challenge text not null,
  code_challenge_method text not null check (code_challenge_method in ('s256', 'plain')),
  -- 'google' or 'email'.
  provider_type text not null,
  -- The RFC 8176 amr method the session will carry: 'oauth', 'email/signup', 'recovery', 'magiclink'.
  authentication_method text not null,
  -- A Google flow is found again from its /authorize state (SHA-256, as in oidc_states) ...
  oidc_state_hash text unique,
  -- ... an e-mail flow from the SHA-256 of the link's token (one_time_tokens.token_hash), so only
  -- the link sent with the challenge ends in an auth code.
  link_token_hash text unique,
  created_at timestamptz not null default now(),
  -- Until then the flow may be completed (the provider callback or the e-mail link).
  expires_at timestamptz not null,
  -- GoTrue's FlowStateExpiryDuration (300 s) runs from here for the code exchange.
  auth_code_issued_at timestamptz
);
-- Deleting a user cascades here.
create index flow_states_user_idx on flow_states (user_id);
create index flow_states_expires_idx on flow_states (expires_at);
