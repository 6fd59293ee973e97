import { z } from "zod";

/** Shapes of the Supabase-Auth-compatible API under /auth/v1 (see docs/product.md §8). */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** The name field on sign-up and in the profile; a longer one is refused with FULL_NAME_TOO_LONG. */
export const FULL_NAME_MAX_CHARS = 200;
export const FULL_NAME_TOO_LONG = `Please keep your full name to ${FULL_NAME_MAX_CHARS} characters or fewer.`;

export const SignUpRequestSchema = z.object({
  email: z.string().optional(),
  password: z.string().optional(),
  /** RFC 7636: with e-mail confirmation on, the confirmation link then ends in an auth code (PKCE). */
  code_challenge: z.string().optional(),
  code_challenge_method: z.string().optional(),
  data: z
    .object({ full_name: z.string().max(FULL_NAME_MAX_CHARS, FULL_NAME_TOO_LONG).optional() })
    .catchall(z.unknown())
    .optional(),
});
export type SignUpRequest = z.infer<typeof SignUpRequestSchema>;

export const PasswordGrantRequestSchema = z.object({
  email: z.string().optional(),
  password: z.string().optional(),
});
export type PasswordGrantRequest = z.infer<typeof PasswordGrantRequestSchema>;

export const RefreshTokenGrantRequestSchema = z.object({ refresh_token: z.string().optional() });
export type RefreshTokenGrantRequest = z.infer<typeof RefreshTokenGrantRequestSchema>;

/** grant_type=pkce: the auth code of a PKCE flow and the verifier whose challenge started it. */
export const PkceGrantRequestSchema = z.object({
  auth_code: z.string().optional(),
  code_verifier: z.string().optional(),
});
export type PkceGrantRequest = z.infer<typeof PkceGrantRequestSchema>;

/** grant_type=id_token: an ID token the client got from the provider itself (e.g. Google Identity Services). */
export const IdTokenGrantRequestSchema = z.object({
  provider: z.string().optional(),
  id_token: z.string().optional(),
  /** The raw nonce; the token's nonce claim must be its SHA-256 in hex. */
  nonce: z.string().optional(),
  access_token: z.string().optional(),
});
export type IdTokenGrantRequest = z.infer<typeof IdTokenGrantRequestSchema>;

export const GrantTypeSchema = z.enum(["password", "refresh_token", "pkce", "id_token"]);
export type GrantType = z.infer<typeof GrantTypeSchema>;

export const UpdateUserRequestSchema = z.object({
  data: z.record(z.string(), z.unknown()).optional(),
  password: z.string().optional(),
  /** GoTrue's e-mail change: a link goes to the new address, and the address changes when it is opened. */
  email: z.string().optional(),
});
export type UpdateUserRequest = z.infer<typeof UpdateUserRequestSchema>;

export const LogoutScopeSchema = z.enum(["global", "local", "others"]);
export type LogoutScope = z.infer<typeof LogoutScopeSchema>;

export const UserMetadataSchema = z
  .object({
    user_email: z.string().optional(),
    user_full_name: z.string().optional(),
    full_name: z.string().optional(),
  })
  .catchall(z.unknown());

export const UserSchema = z.object({
  id: z.uuid(),
  aud: z.literal("authenticated"),
  role: z.literal("authenticated"),
  email: z.string(),
  email_confirmed_at: z.string().nullable().optional(),
  last_sign_in_at: z.string().nullable().optional(),
  app_metadata: z.object({ provider: z.string(), providers: z.array(z.string()) }).catchall(z.unknown()),
  user_metadata: UserMetadataSchema,
  factors: z.array(z.unknown()),
  created_at: z.string(),
  updated_at: z.string(),
  /** After PUT /user with a new e-mail: the address waiting for its link to be opened (GoTrue). */
  new_email: z.string().optional(),
  email_change_sent_at: z.string().optional(),
});
export type User = z.infer<typeof UserSchema>;

export const SessionSchema = z.object({
  access_token: z.string(),
  token_type: z.literal("bearer"),
  /** Seconds the access token stays valid (3600). */
  expires_in: z.number(),
  /** Unix time, in seconds, when the access token expires. */
  expires_at: z.number(),
  refresh_token: z.string(),
  user: UserSchema,
});
export type Session = z.infer<typeof SessionSchema>;

export const AuthErrorCodeSchema = z.enum([
  "invalid_credentials",
  "weak_password",
  "user_already_exists",
  "validation_failed",
  "over_request_rate_limit",
  "refresh_token_not_found",
  "refresh_token_already_used",
  "session_not_found",
  "session_expired",
  "user_not_found",
  "bad_jwt",
  "no_authorization",
  "unsupported_grant_type",
  "not_found",
  "unexpected_failure",
  "email_not_confirmed",
  "insufficient_aal",
  "mfa_verification_failed",
  "mfa_challenge_expired",
  "mfa_factor_not_found",
  "otp_expired",
  "bad_oauth_state",
  "bad_oauth_callback",
  "provider_disabled",
  "email_address_not_authorized",
  "flow_state_not_found",
  "flow_state_expired",
  "bad_code_verifier",
  "provider_email_needs_verification",
]);
export type AuthErrorCode = z.infer<typeof AuthErrorCodeSchema>;

/** Every /auth/v1 error body. `error_code` is a string so codes added later still parse. */
export const AuthErrorSchema = z.object({ code: z.number(), error_code: z.string(), msg: z.string() });
export type AuthError = z.infer<typeof AuthErrorSchema>;

export const AUTH_MESSAGES = {
  invalidCredentials: "Invalid login credentials",
  missingCredentials: "You must provide either an email or phone number and a password",
  weakPassword: `Password should be at least ${PASSWORD_MIN_LENGTH} characters.`,
  /** GoTrue's text for a password on a known-weak list (its HIBP check); ours is a bundled list and simple patterns. */
  guessablePassword: "Password is known to be weak and easy to guess, please choose a different one.",
  passwordTooLong: `Password cannot be longer than ${PASSWORD_MAX_LENGTH} characters.`,
  invalidEmail: "Unable to validate email address: invalid format",
  userAlreadyExists: "User already registered",
  refreshTokenNotFound: "Invalid Refresh Token: Refresh Token Not Found",
  refreshTokenAlreadyUsed: "Invalid Refresh Token: Already Used",
  rateLimited: "Request rate limit reached",
  emailNotConfirmed: "Email not confirmed",
  missingEmailOrPhone: "You must provide either an email or phone number.",
  aal2RequiredForPassword: "AAL2 session is required to update email or password when MFA is enabled.",
  emailExists: "A user with this email address has already been registered",
  sameEmail: "That is already the e-mail address of your account.",
} as const;
