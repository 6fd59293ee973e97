-- Accounts (docs/decisions/009): Google sign-in state, TOTP replay protection, MFA attempt counting, and the
-- authentication methods of each session (the JWT's amr claim, RFC 8176).

-- One row per /authorize redirect. The state is single use and expires: the callback deletes the
-- row it consumes, so a replayed callback URL finds nothing. Only the SHA-256 of the state is kept.
create table oidc_states (
  state_hash text primary key,
  provider text not null,
  -- PKCE (RFC 7636) verifier sent with the code exchange; the provider only saw its S256 hash.
  code_verifier text not null,
  -- OpenID Connect Core 1.0 §3.1.2.1: echoed in the id_token, binding it to this browser's request.
  nonce text not null,
  redirect_to text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index oidc_states_expires_idx on oidc_states (expires_at);

-- RFC 6238 §5.2: a verifier must not accept the same OTP twice. Each accepted code stores its time
-- step; later codes must come from a later step.
-- An integer holds steps (unix time / 30 s) until the year 4010.
alter table mfa_factors add column last_totp_step integer;

-- Wrong codes per challenge, so a challenge dies after a few guesses.
alter table mfa_challenges add column failed_attempts integer not null default 0;

-- How the session was authenticated, e.g. [{"method":"password","timestamp":1700000000}].
-- Empty for sessions created before this migration (read as a password sign-in).
alter table sessions add column amr jsonb not null default '[]' check (jsonb_typeof(amr) = 'array');
