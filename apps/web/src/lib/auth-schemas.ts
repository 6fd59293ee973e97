import * as z from "zod/mini";
import type { Session, User } from "@fitwise/contracts/auth";

/*
 * The /auth/v1 shapes the browser reads, written with zod/mini. @fitwise/contracts/auth defines them
 * with classic zod, which would put about 35 KB gzip into the entry chunk every visitor downloads
 * (landing page included); only its types are imported here. The annotations make the compiler
 * check that these schemas produce exactly the contracts' Session and User.
 */
export const UserSchema: z.ZodMiniType<User> = z.object({
  id: z.string(),
  aud: z.literal("authenticated"),
  role: z.literal("authenticated"),
  email: z.string(),
  email_confirmed_at: z.optional(z.nullable(z.string())),
  last_sign_in_at: z.optional(z.nullable(z.string())),
  app_metadata: z.catchall(z.object({ provider: z.string(), providers: z.array(z.string()) }), z.unknown()),
  user_metadata: z.catchall(
    z.object({
      user_email: z.optional(z.string()),
      user_full_name: z.optional(z.string()),
      full_name: z.optional(z.string()),
    }),
    z.unknown(),
  ),
  factors: z.array(z.unknown()),
  created_at: z.string(),
  updated_at: z.string(),
  new_email: z.optional(z.string()),
  email_change_sent_at: z.optional(z.string()),
});

export const SessionSchema: z.ZodMiniType<Session> = z.object({
  access_token: z.string(),
  token_type: z.literal("bearer"),
  expires_in: z.number(),
  expires_at: z.number(),
  refresh_token: z.string(),
  user: UserSchema,
});

/** GoTrue's error body, read leniently so an answer from a proxy or an older server still yields its message. */
export const GoTrueErrorSchema = z.object({ error_code: z.optional(z.string()), msg: z.string() });

/** The server's error body outside /auth/v1. */
export const FunctionErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), issues: z.optional(z.array(z.unknown())) }),
});

/** docs/product.md §3.2; the same text as AUTH_MESSAGES.missingCredentials in the contracts. */
export const MISSING_CREDENTIALS_MESSAGE = "You must provide either an email or phone number and a password";
