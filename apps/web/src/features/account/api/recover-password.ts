import { apiFetch } from "../../../lib/api-client";

/** POST /auth/v1/recover: the server answers the same whether or not the address has an account. */
export async function requestPasswordReset(email: string): Promise<void> {
  await apiFetch("/auth/v1/recover", {
    method: "POST",
    auth: false,
    body: { email: email.trim(), redirect_to: `${window.location.origin}/reset-password` },
  });
}
