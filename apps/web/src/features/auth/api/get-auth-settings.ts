import { z } from "zod";
import { apiFetch } from "../../../lib/api-client";

/** GoTrue's GET /auth/v1/settings: which external providers this server offers. */
const AuthSettingsSchema = z.object({
  external: z.record(z.string(), z.boolean()).optional(),
});

/** True only when the server says Google sign-in is enabled; a missing route (404) or any error means it is not. */
export async function isGoogleSignInEnabled(): Promise<boolean> {
  try {
    const settings = await apiFetch("/auth/v1/settings", { auth: false, schema: AuthSettingsSchema });
    return settings.external?.google === true;
  } catch {
    return false;
  }
}
