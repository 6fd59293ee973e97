-- Hardening (docs/decisions/018, 019, 020).

-- When the user proved they own the address: followed an e-mail link, or signed in with a provider
-- that vouches for it (Google's email_verified). email_confirmed_at alone is not proof, since
-- sign-ups are confirmed at once unless AUTH_CONFIRM_EMAIL is set. restore_purchase, which attaches
-- a store subscription found by e-mail, needs this.
alter table users add column email_verified_at timestamptz;
update users set email_verified_at = coalesce(email_confirmed_at, now())
  where id in (select user_id from identities where provider <> 'email');
