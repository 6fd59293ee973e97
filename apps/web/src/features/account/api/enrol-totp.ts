import { EnrollFactorResponseSchema, type EnrollFactorResponse } from "@fitwise/contracts/account";
import { apiFetch } from "../../../lib/api-client";

/** POST /auth/v1/factors: a new, unverified TOTP factor with its QR code and manual key. */
export function enrolTotp(): Promise<EnrollFactorResponse> {
  return apiFetch("/auth/v1/factors", {
    method: "POST",
    body: { factor_type: "totp", friendly_name: "Authenticator app" },
    schema: EnrollFactorResponseSchema,
  });
}
