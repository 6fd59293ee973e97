import { z } from "zod";

/** Shapes of the account routes (docs/decisions/009): MFA factors under /auth/v1, data export and deletion functions. */

export const EnrollFactorRequestSchema = z.object({
  factor_type: z.literal("totp"),
  friendly_name: z.string().trim().max(100).optional(),
  issuer: z.string().trim().max(100).optional(),
});
export type EnrollFactorRequest = z.infer<typeof EnrollFactorRequestSchema>;

export const EnrollFactorResponseSchema = z.object({
  id: z.uuid(),
  type: z.literal("totp"),
  friendly_name: z.string(),
  totp: z.object({
    /** data:image/svg+xml;utf-8,<svg …>: the otpauth URI as a QR code, drawn on the server. */
    qr_code: z.string(),
    /** Base32, for typing into an authenticator app by hand. */
    secret: z.string(),
    uri: z.string(),
  }),
});
export type EnrollFactorResponse = z.infer<typeof EnrollFactorResponseSchema>;

export const ChallengeResponseSchema = z.object({
  id: z.uuid(),
  type: z.literal("totp"),
  /** Unix time in seconds. */
  expires_at: z.number(),
});
export type ChallengeResponse = z.infer<typeof ChallengeResponseSchema>;

export const VerifyFactorRequestSchema = z.object({
  challenge_id: z.string().optional(),
  code: z.string().optional(),
});
export type VerifyFactorRequest = z.infer<typeof VerifyFactorRequestSchema>;

export const RecoverRequestSchema = z.object({
  email: z.string().optional(),
  redirect_to: z.string().optional(),
  /** RFC 7636: the recovery link then ends in an auth code for this browser (GoTrue's PKCE flow). */
  code_challenge: z.string().optional(),
  code_challenge_method: z.string().optional(),
});

export const OtpRequestSchema = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  create_user: z.boolean().optional(),
  redirect_to: z.string().optional(),
});

export const ResendRequestSchema = z.object({
  type: z.enum(["signup", "email_change"]).optional(),
  email: z.string().optional(),
  redirect_to: z.string().optional(),
});

export const EmailLinkTypeSchema = z.enum(["recovery", "signup", "magiclink", "email", "email_change"]);
export type EmailLinkType = z.infer<typeof EmailLinkTypeSchema>;

export const VerifyRequestSchema = z.object({
  type: EmailLinkTypeSchema.optional(),
  token: z.string().optional(),
  token_hash: z.string().optional(),
  email: z.string().optional(),
  redirect_to: z.string().optional(),
});

export const AuthSettingsSchema = z.object({
  external: z.object({ email: z.boolean(), google: z.boolean(), phone: z.boolean() }),
  disable_signup: z.boolean(),
  mailer_autoconfirm: z.boolean(),
  phone_autoconfirm: z.boolean(),
  sms_provider: z.string(),
  saml_enabled: z.boolean(),
  mfa_enabled: z.boolean(),
});
export type AuthSettings = z.infer<typeof AuthSettingsSchema>;

export const ExportMyDataRequestSchema = z.object({}).optional();
/** `export_my_data`: every record the service keeps about the caller, one property per kind; saved as a file as it is. */
export const ExportMyDataResponseSchema = z.record(z.string(), z.unknown());

/** delete_my_account: the password for accounts that have one; Google-only accounts need a fresh sign-in instead. */
export const DeleteMyAccountRequestSchema = z.object({ password: z.string().max(1000).optional() });
export type DeleteMyAccountRequest = z.infer<typeof DeleteMyAccountRequestSchema>;

export const DeleteMyAccountResponseSchema = z.object({ deleted: z.literal(true) });

/** Seconds a Google-only account's session may be old and still delete the account (a fresh sign-in). */
export const DELETE_ACCOUNT_FRESH_SIGN_IN_SECONDS = 300;
