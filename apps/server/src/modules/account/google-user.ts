import type { User } from "../../db/schema";
import { HttpError } from "../../http/errors";
import type { AccountRepository } from "./account.repository";

/** What a verified Google id_token says about its user (e-mail already checked as verified). */
export interface VerifiedGoogleClaims {
  sub: string;
  email: string;
  name: string | undefined;
  picture: string | undefined;
}

/**
 * The account for a verified Google identity: the linked one, else the one with that e-mail, else a
 * new one. Shared by the /authorize callback and grant_type=id_token, so both sign in the same user.
 */
export async function googleUser(
  repo: AccountRepository,
  issuer: string,
  claims: VerifiedGoogleClaims,
  now: Date,
): Promise<User> {
  const fullName = claims.name ?? "";
  const identityData = {
    iss: issuer,
    sub: claims.sub,
    provider_id: claims.sub,
    email: claims.email,
    email_verified: true,
    full_name: fullName,
    name: fullName,
    ...(claims.picture ? { avatar_url: claims.picture, picture: claims.picture } : {}),
  };
  const identity = await repo.findIdentity("google", claims.sub);
  if (identity) {
    await repo.touchIdentity(identity.id, identityData, now);
    return repo.updateUser(identity.user_id, { lastSignInAt: now }, now);
  }
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const existing = await repo.findUserByEmail(claims.email);
    if (existing) {
      return repo.linkIdentity({
        user: existing,
        provider: "google",
        providerId: claims.sub,
        identityData,
        // docs/decisions/009: Google users carry email and full_name in user_metadata; existing keys stay.
        userMetadata: { email: claims.email, full_name: fullName, ...existing.raw_user_meta_data },
        dropPassword: existing.email_confirmed_at === null && existing.encrypted_password !== null,
        now,
      });
    }
    const created = await repo.createProviderUser({
      email: claims.email,
      provider: "google",
      providerId: claims.sub,
      identityData,
      userMetadata: identityData,
      now,
    });
    if (created) return created;
    // Someone registered the address between the two statements: link to that account instead.
  }
  throw new HttpError(409, "conflict", "Could not sign in with Google, please try again");
}
