import { ChallengeResponseSchema, type ChallengeResponse } from "@fitwise/contracts/account";
import { apiFetch } from "../../../lib/api-client";

/** POST /auth/v1/factors/{id}/challenge: a challenge valid for 5 minutes. */
export function challengeFactor(factorId: string): Promise<ChallengeResponse> {
  return apiFetch(`/auth/v1/factors/${encodeURIComponent(factorId)}/challenge`, {
    method: "POST",
    schema: ChallengeResponseSchema,
  });
}
